-- Deposit/withdrawal address validation per network, in SQL so no client can bypass it. The UI
-- has the same rules in src/lib/addresses.ts; both are tested against supabase/tests/fixtures/addresses.json.
--   bitcoin:  base58check P2PKH '1…' (version 0x00) / P2SH '3…' (0x05); bech32 'bc1q…' witness v0
--             (20- or 32-byte program) and bech32m 'bc1p…' v1 (32-byte taproot key). Later witness
--             versions are refused until they are in use.
--   ethereum: '0x' + 40 hex digits with a valid EIP-55 checksum (each letter's case is set by the
--             keccak-256 of the lowercase address), so a mistyped address is caught.
--   tron:     base58check, 34 characters, version byte 0x41 ('T…').
--   ripple:   classic address, XRP Ledger base58 alphabet, version 0x00 ('r…'), double-sha256 checksum.
-- Double sha256 uses core sha256(bytea) (PostgreSQL 11+), so no extension is needed.

-- Keccak-256 (the original Keccak padding 0x01 that Ethereum uses, not SHA3-256's 0x06).
-- 64-bit lanes in bigint: << drops high bits as unsigned arithmetic would; >> sign-extends, so
-- every right shift in a rotation is masked back to the bits that belong there.
create function private.keccak256(p_data bytea) returns bytea
language plpgsql
immutable
strict
parallel safe
set search_path = ''
as $$
declare
  rc constant bigint[] := array[
    x'0000000000000001'::bit(64)::bigint, x'0000000000008082'::bit(64)::bigint,
    x'800000000000808A'::bit(64)::bigint, x'8000000080008000'::bit(64)::bigint,
    x'000000000000808B'::bit(64)::bigint, x'0000000080000001'::bit(64)::bigint,
    x'8000000080008081'::bit(64)::bigint, x'8000000000008009'::bit(64)::bigint,
    x'000000000000008A'::bit(64)::bigint, x'0000000000000088'::bit(64)::bigint,
    x'0000000080008009'::bit(64)::bigint, x'000000008000000A'::bit(64)::bigint,
    x'000000008000808B'::bit(64)::bigint, x'800000000000008B'::bit(64)::bigint,
    x'8000000000008089'::bit(64)::bigint, x'8000000000008003'::bit(64)::bigint,
    x'8000000000008002'::bit(64)::bigint, x'8000000000000080'::bit(64)::bigint,
    x'000000000000800A'::bit(64)::bigint, x'800000008000000A'::bit(64)::bigint,
    x'8000000080008081'::bit(64)::bigint, x'8000000000008080'::bit(64)::bigint,
    x'0000000080000001'::bit(64)::bigint, x'8000000080008008'::bit(64)::bigint];
  -- Rotation offset of lane x + 5y (1-based index x + 5y + 1).
  rot_n constant int[] := array[0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14];
  c_rate constant int := 136;
  st bigint[] := array_fill(0::bigint, array[25]);
  b bigint[] := array_fill(0::bigint, array[25]);
  c bigint[] := array_fill(0::bigint, array[5]);
  d bigint;
  v bigint;
  n int;
  msg bytea;
  len int;
  blk int;
  i int;
  j int;
  x int;
  y int;
  rnd int;
  lane bigint;
  out_hex text := '';
begin
  -- Padding: 0x01, zeros, final byte |= 0x80 (one byte 0x81 when only one is needed).
  len := length(p_data);
  n := c_rate - (len % c_rate);
  if n = 1 then
    msg := p_data || '\x81'::bytea;
  else
    msg := p_data || '\x01'::bytea || decode(repeat('00', n - 2), 'hex') || '\x80'::bytea;
  end if;

  for blk in 0 .. (length(msg) / c_rate) - 1 loop
    for i in 0 .. (c_rate / 8) - 1 loop
      lane := 0;
      for j in 0 .. 7 loop
        lane := lane | (get_byte(msg, blk * c_rate + i * 8 + j)::bigint << (8 * j));
      end loop;
      st[i + 1] := st[i + 1] # lane;
    end loop;

    for rnd in 1 .. 24 loop
      -- theta
      for x in 0 .. 4 loop
        c[x + 1] := st[x + 1] # st[x + 6] # st[x + 11] # st[x + 16] # st[x + 21];
      end loop;
      for x in 0 .. 4 loop
        v := c[((x + 1) % 5) + 1];
        d := c[((x + 4) % 5) + 1] # ((v << 1) | ((v >> 63) & 1));
        for y in 0 .. 4 loop
          st[x + 5 * y + 1] := st[x + 5 * y + 1] # d;
        end loop;
      end loop;
      -- rho and pi: B[y, 2x + 3y] = rot(A[x, y], r[x, y])
      for x in 0 .. 4 loop
        for y in 0 .. 4 loop
          v := st[x + 5 * y + 1];
          n := rot_n[x + 5 * y + 1];
          if n <> 0 then
            v := (v << n) | ((v >> (64 - n)) & ~((-1)::bigint << n));
          end if;
          b[y + 5 * ((2 * x + 3 * y) % 5) + 1] := v;
        end loop;
      end loop;
      -- chi
      for y in 0 .. 4 loop
        for x in 0 .. 4 loop
          st[x + 5 * y + 1] := b[x + 5 * y + 1] # ((~b[((x + 1) % 5) + 5 * y + 1]) & b[((x + 2) % 5) + 5 * y + 1]);
        end loop;
      end loop;
      -- iota
      st[1] := st[1] # rc[rnd];
    end loop;
  end loop;

  for i in 1 .. 4 loop
    for j in 0 .. 7 loop
      out_hex := out_hex || lpad(to_hex((st[i] >> (8 * j)) & 255), 2, '0');
    end loop;
  end loop;
  return decode(out_hex, 'hex');
end
$$;

-- Base58 (Bitcoin or XRP Ledger alphabet) to bytes; null when a character is outside the alphabet.
-- Leading "zero" characters become leading zero bytes, as in every base58 implementation.
create function private.base58_decode(p_text text, p_alphabet text) returns bytea
language plpgsql
immutable
strict
parallel safe
set search_path = ''
as $$
declare
  v_num numeric := 0;
  v_idx int;
  v_zeros int := 0;
  v_leading boolean := true;
  v_hex text := '';
  v_ch text;
begin
  for i in 1 .. length(p_text) loop
    v_ch := substr(p_text, i, 1);
    v_idx := strpos(p_alphabet, v_ch) - 1;
    if v_idx < 0 then
      return null;
    end if;
    if v_leading and v_idx = 0 then
      v_zeros := v_zeros + 1;
    else
      v_leading := false;
    end if;
    v_num := v_num * 58 + v_idx;
  end loop;
  while v_num > 0 loop
    v_hex := lpad(to_hex(mod(v_num, 256)::int), 2, '0') || v_hex;
    v_num := div(v_num, 256);
  end loop;
  return decode(repeat('00', v_zeros) || v_hex, 'hex');
end
$$;

-- The 21-byte payload of a 25-byte base58check string (version + 20-byte hash) when its 4-byte
-- double-sha256 checksum matches; null otherwise.
create function private.base58check_payload(p_text text, p_alphabet text) returns bytea
language plpgsql
immutable
strict
parallel safe
set search_path = ''
as $$
declare
  v_raw bytea := private.base58_decode(p_text, p_alphabet);
  v_payload bytea;
begin
  if v_raw is null or length(v_raw) <> 25 then
    return null;
  end if;
  v_payload := substr(v_raw, 1, 21);
  if substr(sha256(sha256(v_payload)), 1, 4) <> substr(v_raw, 22, 4) then
    return null;
  end if;
  return v_payload;
end
$$;

create function private.bech32_polymod(p_values int[]) returns bigint
language plpgsql
immutable
strict
parallel safe
set search_path = ''
as $$
declare
  gen constant bigint[] := array[996825010, 642813549, 513874426, 1027748829, 705979059];
  chk bigint := 1;
  top bigint;
  v int;
begin
  foreach v in array p_values loop
    top := chk >> 25;
    chk := ((chk & 33554431) << 5) # v;
    for i in 0 .. 4 loop
      if ((top >> i) & 1) = 1 then
        chk := chk # gen[i + 1];
      end if;
    end loop;
  end loop;
  return chk;
end
$$;

create function private.is_valid_bitcoin_address(p_address text) returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  c_base58 constant text := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  c_charset constant text := 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  v_payload bytea;
  v_addr text;
  v_data int[] := '{}';
  v_values int[];
  v_idx int;
  v_const bigint;
  v_version int;
  v_acc int := 0;
  v_bits int := 0;
  v_prog_len int := 0;
begin
  if p_address is null or length(p_address) > 90 then
    return false;
  end if;
  if p_address ~ '^[13][1-9A-HJ-NP-Za-km-z]{24,33}$' then
    v_payload := private.base58check_payload(p_address, c_base58);
    return v_payload is not null and get_byte(v_payload, 0) in (0, 5);
  end if;

  -- Bech32: one case throughout (BIP 173), human-readable part 'bc', separator '1'.
  if p_address <> lower(p_address) and p_address <> upper(p_address) then
    return false;
  end if;
  v_addr := lower(p_address);
  if v_addr !~ '^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{8,87}$' then
    return false;
  end if;
  for i in 4 .. length(v_addr) loop
    v_idx := strpos(c_charset, substr(v_addr, i, 1)) - 1;
    v_data := v_data || v_idx;
  end loop;
  -- hrp 'bc' expanded: high bits of 'b','c' (3, 3), 0, low bits (2, 3).
  v_values := array[3, 3, 0, 2, 3] || v_data;
  v_const := private.bech32_polymod(v_values);
  v_version := v_data[1];
  if v_version = 0 then
    if v_const <> 1 then return false; end if;
  elsif v_version = 1 then
    if v_const <> 734539939 then return false; end if; -- bech32m constant 0x2bc830a3
  else
    return false;
  end if;
  -- Witness program: 5-bit groups after the version, minus the 6 checksum groups, to bytes;
  -- leftover padding must be under 5 bits and zero.
  for i in 2 .. array_length(v_data, 1) - 6 loop
    v_acc := ((v_acc << 5) | v_data[i]) & 4095;
    v_bits := v_bits + 5;
    if v_bits >= 8 then
      v_bits := v_bits - 8;
      v_prog_len := v_prog_len + 1;
    end if;
  end loop;
  if v_bits >= 5 or (v_acc & ((1 << v_bits) - 1)) <> 0 then
    return false;
  end if;
  if v_version = 0 then
    return v_prog_len in (20, 32);
  end if;
  return v_prog_len = 32;
end
$$;

create function private.is_valid_ethereum_address(p_address text) returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_hex text;
  v_hash text;
  v_ch text;
  v_nibble int;
begin
  if p_address is null or p_address !~ '^0x[0-9a-fA-F]{40}$' then
    return false;
  end if;
  v_hex := substr(p_address, 3);
  v_hash := encode(private.keccak256(convert_to(lower(v_hex), 'UTF8')), 'hex');
  for i in 1 .. 40 loop
    v_ch := substr(v_hex, i, 1);
    continue when v_ch between '0' and '9';
    v_nibble := ('x' || lpad(substr(v_hash, i, 1), 8, '0'))::bit(32)::int;
    if (v_nibble >= 8) <> (v_ch between 'A' and 'F') then
      return false;
    end if;
  end loop;
  return true;
end
$$;

create function private.is_valid_tron_address(p_address text) returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_payload bytea;
begin
  if p_address is null or p_address !~ '^T[1-9A-HJ-NP-Za-km-z]{33}$' then
    return false;
  end if;
  v_payload := private.base58check_payload(p_address, '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz');
  return v_payload is not null and get_byte(v_payload, 0) = 65;
end
$$;

create function private.is_valid_ripple_address(p_address text) returns boolean
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  c_alphabet constant text := 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';
  v_payload bytea;
begin
  if p_address is null or p_address !~ '^r[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{24,34}$' then
    return false;
  end if;
  v_payload := private.base58check_payload(p_address, c_alphabet);
  return v_payload is not null and get_byte(v_payload, 0) = 0;
end
$$;

-- The network's name in messages.
create function private.network_label(p_network text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_network
    when 'bitcoin' then 'Bitcoin' when 'ethereum' then 'Ethereum'
    when 'tron' then 'TRON' when 'ripple' then 'XRP Ledger' else p_network end
$$;

revoke execute on function private.network_label(text) from public, anon, authenticated, service_role;

create function private.is_valid_address(p_network text, p_address text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case p_network
    when 'bitcoin' then private.is_valid_bitcoin_address(p_address)
    when 'ethereum' then private.is_valid_ethereum_address(p_address)
    when 'tron' then private.is_valid_tron_address(p_address)
    when 'ripple' then private.is_valid_ripple_address(p_address)
    else false
  end
$$;

revoke execute on function private.keccak256(bytea), private.base58_decode(text, text),
  private.base58check_payload(text, text), private.bech32_polymod(int[]),
  private.is_valid_bitcoin_address(text), private.is_valid_ethereum_address(text),
  private.is_valid_tron_address(text), private.is_valid_ripple_address(text),
  private.is_valid_address(text, text) from public, anon, authenticated, service_role;
