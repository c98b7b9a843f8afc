-- service_role may create a profile directly (admin scripts); the default for xrp_destination_tag
-- draws from this sequence, which needs usage. Sign-ups go through the definer trigger and need nothing.
grant usage on sequence private.xrp_destination_tag_seq to service_role;
