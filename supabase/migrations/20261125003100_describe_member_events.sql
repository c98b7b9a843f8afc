-- The words a member reads about an event on their account (issues 22, 23 and 36), in the member's
-- language. One mapping in one place: /user/notifications, the bell, /user/activity and the freeze
-- page's notices all read private.member_event_words when they are shown, so one event is never
-- described two ways and a member who changes language reads every notice in the new one.
-- Staff appear only as a role word, never by e-mail address or id.
--
-- The sentences are data: private.member_event_texts holds each one in English, Traditional Chinese
-- and Arabic side by side, with {placeholders}; the function below only decides which sentence an
-- event gets and with which values. Glossaries and register: docs/languages.md.

-- Account names: private.account_label (the money engine, 20261121000500).

-- An amount as members read it everywhere else (src/lib/money.ts formatUsd): "$1,250.00". Text that
-- is not a number is shown as it is rather than lost.
create function private.usd_words(p_amount text) returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case when p_amount::numeric < 0 then '-$' else '$' end
    || to_char(abs(p_amount::numeric), 'FM999,999,999,999,999,990.00');
exception when others then
  return p_amount;
end
$$;

-- The same amount as a language writes US dollars (src/lib/money-in-language.ts usdIn): Hong Kong
-- reads "$" alone as Hong Kong dollars, so "US$1,250.00"; Arabic puts the currency after the figure,
-- "1,250.00 US$" (Latin digits, as the firm's figures are), joined by a no-break space (U+00A0) as Intl
-- and the site join them, so the currency never starts a line of its own.
create function private.usd_words(p_amount text, p_locale text) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when private.usd_words(p_amount) not like '%$%' then private.usd_words(p_amount)
    when p_locale = 'zh-hant' then replace(private.usd_words(p_amount), '$', 'US$')
    when p_locale = 'ar' then replace(private.usd_words(p_amount), '$', '') || chr(160) || 'US$'
    else private.usd_words(p_amount) end
$$;

-- A statement's month ('2026-10') named in a language: 'October 2026', '2026年10月', 'أكتوبر 2026'.
create function private.month_words(p_month text, p_locale text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_locale
    when 'zh-hant' then to_char(to_date(p_month, 'YYYY-MM'), 'YYYY"年"FMMM"月"')
    when 'ar' then private.arabic_month(extract(month from to_date(p_month, 'YYYY-MM'))::int)
      || ' ' || to_char(to_date(p_month, 'YYYY-MM'), 'YYYY')
    else to_char(to_date(p_month, 'YYYY-MM'), 'FMMonth YYYY') end
$$;

-- The languages a member reads (profiles.locale, src/i18n/locales.ts). A reader's function is given
-- the page's language; without one, the member's own (their profile).
create function private.reader_locale(p_locale text) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_locale is null then
    return coalesce((select p.locale from public.profiles p where p.id = auth.uid()), 'en');
  end if;
  if p_locale not in ('en', 'zh-hant', 'ar') then
    raise exception 'Unknown language "%": use en, zh-hant or ar.', p_locale using errcode = '22023';
  end if;
  return p_locale;
end
$$;

-- Every sentence and phrase, one row per key, each language a column (none may be missing).
-- {name} is a value filled in by private.event_text.
create table private.member_event_texts (
  key text primary key,
  en text not null,
  zh_hant text not null,
  ar text not null
);

comment on table private.member_event_texts is
  'The words of member notices and activity lines in each language (private.member_event_words). No API role reads it.';

alter table private.member_event_texts enable row level security;
revoke all on private.member_event_texts from public, anon, authenticated, service_role;

-- One text in one language, or null when the texts have no such key: the one lookup event_text,
-- account_words and plan_words share.
create function private.text_in(p_key text, p_locale text) returns text
language sql
stable
set search_path = ''
as $$
  select case p_locale when 'zh-hant' then t.zh_hant when 'ar' then t.ar else t.en end
  from private.member_event_texts t where t.key = p_key
$$;

-- Fills a sentence in one pass: each {name} takes p_values' value, isolated in Arabic with Unicode's
-- first-strong isolate (U+2068 … U+2069, plain text's <bdi>) so an amount, an address, an id or a
-- staff member's English reason keeps its own order inside a right-to-left sentence; or p_phrases'
-- value as it is (a phrase already in the language, e.g. the actor). A value is never scanned for
-- placeholders, so a reason that contains "{amount}" is shown as typed. A placeholder without a value
-- is a mistake in the texts above: it raises, and supabase/tests/member-words.test.ts writes every
-- sentence in every language.
create function private.event_text(p_key text, p_locale text, p_values jsonb default '{}', p_phrases jsonb default '{}')
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_rest text;
  v_out text := '';
  v_open int;
  v_close int;
  v_name text;
begin
  v_rest := private.text_in(p_key, p_locale);
  if v_rest is null then
    raise exception 'No member text "%"', p_key;
  end if;
  loop
    v_open := strpos(v_rest, '{');
    exit when v_open = 0;
    v_close := strpos(substr(v_rest, v_open), '}');
    if v_close = 0 then
      raise exception 'Member text "%" (%) has an unclosed placeholder', p_key, p_locale;
    end if;
    v_name := substr(v_rest, v_open + 1, v_close - 2);
    v_out := v_out || left(v_rest, v_open - 1);
    if p_values ? v_name then
      v_out := v_out || case when p_locale = 'ar' then chr(8296) || coalesce(p_values ->> v_name, '') || chr(8297)
                             else coalesce(p_values ->> v_name, '') end;
    elsif p_phrases ? v_name then
      v_out := v_out || coalesce(p_phrases ->> v_name, '');
    else
      raise exception 'Member text "%" (%) needs a value for {%}', p_key, p_locale, v_name;
    end if;
    v_rest := substr(v_rest, v_open + v_close);
  end loop;
  return v_out || v_rest;
end
$$;

-- Who did it, as the member reads it: themself, a role word for staff, or the firm for the
-- service role and the database's own work. The key of private.member_event_texts ('actor.finance').
create function private.actor_key(e public.audit_events) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when e.actor_id is not null and e.actor_id = e.member_id then 'actor.you'
    when e.actor_role in ('owner', 'finance', 'support', 'auditor', 'member') then 'actor.' || e.actor_role
    else 'actor.firm' end
$$;

create function private.actor_word(e public.audit_events, p_locale text) returns text
language sql
stable
set search_path = ''
as $$ select private.event_text(private.actor_key(e), p_locale) $$;

-- An account's name in a language (the member's four; another account keeps its English label).
create function private.account_words(p_account text, p_locale text) returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(private.text_in('account.' || p_account, p_locale), private.account_label(p_account))
$$;

-- A plan's name in a language: the firm's name for it (plans.name) in English, the catalog's in the
-- others; a plan the texts do not know yet keeps its English name.
create function private.plan_words(p_plan text, p_locale text) returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    case when p_locale in ('zh-hant', 'ar') then private.text_in('plan.' || p_plan, p_locale) end,
    (select pl.name from public.plans pl where pl.slug = p_plan),
    p_plan)
$$;

-- The texts, English first (what the firm approved), then Traditional Chinese (Hong Kong) and Arabic.
insert into private.member_event_texts (key, en, zh_hant, ar) values
  ('why',
   ': {reason}',
   '：{reason}',
   ': {reason}'),
  ('end',
   '.',
   '。',
   '.'),
  ('actor.you',
   'You',
   '您',
   'أنتم'),
  ('actor.owner',
   'An administrator',
   '管理員',
   'أحد المسؤولين'),
  ('actor.finance',
   'Our finance team',
   '我們的財務團隊',
   'فريقنا المالي'),
  ('actor.support',
   'Our support team',
   '我們的客戶支援團隊',
   'فريق الدعم لدينا'),
  ('actor.auditor',
   'An auditor',
   '審計人員',
   'أحد المدققين'),
  ('actor.member',
   'Another member',
   '另一名會員',
   'عضو آخر'),
  ('actor.firm',
   'Liquid Capital',
   'Liquid Capital',
   'Liquid Capital'),
  ('account.deposit_wallet',
   'Deposit Wallet',
   '存入錢包',
   'محفظة الإيداع'),
  ('account.interest_wallet',
   'Interest Wallet',
   '利息錢包',
   'محفظة الفوائد'),
  ('account.total_invest',
   'Total Invest',
   '投資總額',
   'إجمالي الاستثمار'),
  ('account.referral',
   'Referral Earnings',
   '推薦收益',
   'مكافآت الإحالة'),
  ('plan.silver',
   'Silver',
   '白銀計劃',
   'الخطة الفضية'),
  ('plan.gold',
   'Gold',
   '黃金計劃',
   'الخطة الذهبية'),
  ('plan.diamond',
   'Diamond',
   '鑽石計劃',
   'الخطة الماسية'),
  ('plan.platinum',
   'Platinum',
   '白金計劃',
   'الخطة البلاتينية'),
  ('ledger.title',
   '{account} changed',
   '{account}已變動',
   'تغيّر رصيد {account}'),
  ('ledger.deposit_notice.body',
   'Your {account} went from {before} to {after}: deposit notice #{id} was confirmed.',
   '您的{account}由{before}變為{after}：存入通知#{id}已獲確認。',
   'تغيّر رصيد {account} من {before} إلى {after}: تم تأكيد إشعار الإيداع رقم {id}.'),
  ('ledger.withdrawal_request.body',
   'Your {account} went from {before} to {after} for withdrawal request #{id}.',
   '您的{account}因提取申請#{id}由{before}變為{after}。',
   'تغيّر رصيد {account} من {before} إلى {after} بموجب طلب السحب رقم {id}.'),
  ('ledger.staff_proposal.body',
   'Your {account} went from {before} to {after}: {reason}.',
   '您的{account}由{before}變為{after}：{reason}。',
   'تغيّر رصيد {account} من {before} إلى {after}: {reason}.'),
  ('ledger.body',
   '{actor} changed your {account} from {before} to {after}{end}',
   '{actor}將您的{account}由{before}更改為{after}{end}',
   'تم تغيير رصيد {account} من {before} إلى {after} (المنفِّذ: {actor}){end}'),
  ('withdrawal_filed.title',
   'Withdrawal requested',
   '已提交提取申請',
   'تم طلب سحب'),
  ('withdrawal_filed.body',
   '{actor} asked to withdraw {amount} in {asset} on the {network} network to "{label}" (request #{id}). If this was not you, freeze withdrawals now.',
   '{actor}申請以{asset}經{network}網絡提取{amount}至「{label}」（申請#{id}）。如非您本人操作，請立即凍結提取。',
   'طُلب سحب {amount} بعملة {asset} عبر شبكة {network} إلى «{label}» (الطلب رقم {id}، مقدّم الطلب: {actor}). إن لم تكونوا أنتم من قام بذلك، فجمّدوا السحوبات الآن.'),
  ('withdrawal_cancelled.title',
   'Withdrawal cancelled',
   '提取已取消',
   'تم إلغاء السحب'),
  ('withdrawal_cancelled.body',
   'Your withdrawal request #{id} for {amount} was cancelled{end}',
   '您金額為{amount}的提取申請#{id}已取消{end}',
   'تم إلغاء طلب السحب رقم {id} بمبلغ {amount}{end}'),
  ('withdrawal_pending.title',
   'Withdrawal back in review',
   '提取申請重新審核中',
   'طلب السحب قيد المراجعة مجددًا'),
  ('withdrawal_pending.body',
   'Your withdrawal request #{id} for {amount} needs a new approval: the staff member who approved it may no longer approve withdrawals.',
   '您金額為{amount}的提取申請#{id}須重新批准：批准該申請的職員已不再獲授權批准提取。',
   'يحتاج طلب السحب رقم {id} بمبلغ {amount} إلى موافقة جديدة: لم يعد الموظف الذي وافق عليه مخوّلًا بالموافقة على السحوبات.'),
  ('withdrawal_approved.title',
   'Withdrawal approved',
   '提取已獲批准',
   'تمت الموافقة على السحب'),
  ('withdrawal_approved.body',
   '{actor} approved your withdrawal request #{id} for {amount}{end}',
   '{actor}已批准您金額為{amount}的提取申請#{id}{end}',
   'تمت الموافقة على طلب السحب رقم {id} بمبلغ {amount} (المنفِّذ: {actor}){end}'),
  ('withdrawal_rejected.title',
   'Withdrawal rejected',
   '提取被拒絕',
   'تم رفض السحب'),
  ('withdrawal_rejected.body',
   '{actor} rejected your withdrawal request #{id} for {amount}{end}',
   '{actor}已拒絕您金額為{amount}的提取申請#{id}{end}',
   'تم رفض طلب السحب رقم {id} بمبلغ {amount} (المنفِّذ: {actor}){end}'),
  ('withdrawal_paid.title',
   'Withdrawal paid',
   '提取已支付',
   'تم دفع السحب'),
  ('withdrawal_paid.body',
   '{actor} marked as paid your withdrawal request #{id} for {amount}{end}',
   '{actor}已將您金額為{amount}的提取申請#{id}標示為已支付{end}',
   'تم تسجيل طلب السحب رقم {id} بمبلغ {amount} على أنه مدفوع (المنفِّذ: {actor}){end}'),
  ('deposit_notice_filed.title',
   'Deposit notice received',
   '已收到存入通知',
   'تم استلام إشعار الإيداع'),
  ('deposit_notice_filed.body',
   '{actor} told us about a deposit of {quantity} {asset} (notice #{id}). We credit it once two of our staff have checked it on-chain.',
   '{actor}通知我們一筆{quantity} {asset}的存入（通知#{id}）。經我們兩名職員於區塊鏈上核實後，我們便會將其記入您的帳戶。',
   'تم إبلاغنا بإيداع {quantity} {asset} (الإشعار رقم {id}، المُبلِّغ: {actor}). نقيّده في حسابكم بعد أن يتحقق منه اثنان من موظفينا على سلسلة الكتل.'),
  ('deposit_notice_valued.title',
   'Deposit being confirmed',
   '存入確認中',
   'جارٍ تأكيد الإيداع'),
  ('deposit_notice_valued.body',
   '{actor} valued your deposit of {quantity} {asset} (notice #{id}) at {amount}. A second staff member checks it before it is credited.',
   '{actor}已將您{quantity} {asset}的存入（通知#{id}）估值為{amount}。記入帳戶前，會由另一名職員覆核。',
   'تم تقييم إيداعكم البالغ {quantity} {asset} (الإشعار رقم {id}) بمبلغ {amount} (المنفِّذ: {actor}). يراجعه موظف ثانٍ قبل قيده في حسابكم.'),
  ('deposit_notice_pending.title',
   'Deposit back in review',
   '存入重新審核中',
   'الإيداع قيد المراجعة مجددًا'),
  ('deposit_notice_pending.body',
   'The value given to your deposit of {quantity} {asset} (notice #{id}) was not approved; our staff will value it again.',
   '您{quantity} {asset}的存入（通知#{id}）的估值未獲批准；我們的職員會重新估值。',
   'لم تتم الموافقة على القيمة المحددة لإيداعكم البالغ {quantity} {asset} (الإشعار رقم {id})؛ سيعيد موظفونا تقييمه.'),
  ('deposit_notice_confirmed.title',
   'Deposit credited',
   '存入已記賬',
   'تم قيد الإيداع'),
  ('deposit_notice_confirmed.body',
   '{actor} credited your deposit of {quantity} {asset} (notice #{id}): {amount} added to your Deposit Wallet.',
   '{actor}已將您{quantity} {asset}的存入（通知#{id}）記賬：{amount}已加入您的存入錢包。',
   'تم قيد إيداعكم البالغ {quantity} {asset} (الإشعار رقم {id}، المنفِّذ: {actor}): أُضيف {amount} إلى محفظة الإيداع.'),
  ('deposit_notice_rejected.title',
   'Deposit notice rejected',
   '存入通知被拒絕',
   'تم رفض إشعار الإيداع'),
  ('deposit_notice_rejected.body',
   '{actor} rejected your deposit notice #{id} for {quantity} {asset}{end}',
   '{actor}已拒絕您{quantity} {asset}的存入通知#{id}{end}',
   'تم رفض إشعار الإيداع رقم {id} بكمية {quantity} {asset} (المنفِّذ: {actor}){end}'),
  ('address.tag',
   ', tag {tag}',
   '，標籤{tag}',
   '، الوسم {tag}'),
  ('address.no_label',
   'no label',
   '未命名',
   'بلا تسمية'),
  ('address_added.title',
   'Withdrawal address added',
   '已新增提取地址',
   'تمت إضافة عنوان سحب'),
  ('address_added.body',
   '{actor} added the {asset} address "{label}" on the {network} network ({address}{tag}). It can be used for withdrawals from {from}. If this was not you, freeze withdrawals now.',
   '{actor}新增了{network}網絡上的{asset}地址「{label}」（{address}{tag}）。此地址可由{from}起用於提取。如非您本人操作，請立即凍結提取。',
   'تمت إضافة عنوان {asset} «{label}» على شبكة {network} ({address}{tag}، المنفِّذ: {actor}). يمكن استخدامه للسحب اعتبارًا من {from}. إن لم تكونوا أنتم من قام بذلك، فجمّدوا السحوبات الآن.'),
  ('address_added_usable.title',
   'Withdrawal address ready',
   '提取地址已可使用',
   'عنوان السحب جاهز'),
  ('address_added_usable.body',
   'The {asset} address "{label}" on the {network} network ({address}{tag}) can now be used for withdrawals.',
   '{network}網絡上的{asset}地址「{label}」（{address}{tag}）現已可用於提取。',
   'يمكن الآن استخدام عنوان {asset} «{label}» على شبكة {network} ({address}{tag}) للسحب.'),
  ('address_removed.title',
   'Withdrawal address removed',
   '已移除提取地址',
   'تمت إزالة عنوان سحب'),
  ('address_removed.body',
   '{actor} removed the {asset} address "{label}" on the {network} network ({address}{tag}).',
   '{actor}移除了{network}網絡上的{asset}地址「{label}」（{address}{tag}）。',
   'تمت إزالة عنوان {asset} «{label}» على شبكة {network} ({address}{tag}، المنفِّذ: {actor}).'),
  ('withdrawals_frozen.title',
   'Withdrawals frozen',
   '提取已凍結',
   'تم تجميد السحوبات'),
  ('withdrawals_frozen.body',
   '{actor} froze withdrawals from your account{why}. To lift the freeze, contact us: two members of our team must approve it.',
   '{actor}已凍結您帳戶的提取{why}。如需解除凍結，請聯絡我們：須經我們團隊的兩名成員批准。',
   'تم تجميد السحوبات من حسابكم (المنفِّذ: {actor}){why}. لرفع التجميد، تواصلوا معنا: يجب أن يوافق عليه عضوان من فريقنا.'),
  ('withdrawals_unfrozen.title',
   'Withdrawals unfrozen',
   '提取已解除凍結',
   'تم رفع تجميد السحوبات'),
  ('withdrawals_unfrozen.body',
   'Two members of our team approved lifting the freeze: withdrawals from your account are allowed again{end}',
   '我們團隊的兩名成員已批准解除凍結：您的帳戶已可再次提取{end}',
   'وافق عضوان من فريقنا على رفع التجميد: أصبح السحب من حسابكم متاحًا مجددًا{end}'),
  ('hold.password_changed',
   'your password was changed',
   '您的密碼已更改',
   'كلمة مرور حسابكم قد تغيّرت'),
  ('hold.email_changed',
   'your e-mail address was changed',
   '您帳戶的電郵地址已更改',
   'عنوان البريد الإلكتروني لحسابكم قد تغيّر'),
  ('hold.factor_enrolled',
   'an authenticator app was added',
   '您的帳戶新增了驗證器應用程式',
   'تطبيق مصادقة أُضيف إلى حسابكم'),
  ('hold.factor_removed',
   'an authenticator app was removed',
   '您的帳戶移除了驗證器應用程式',
   'تطبيق مصادقة أُزيل من حسابكم'),
  ('hold.factor_reset',
   'your authenticator apps were reset',
   '我們的職員重設了您帳戶的驗證器應用程式',
   'موظفينا أعادوا تعيين تطبيقات المصادقة في حسابكم'),
  ('security_hold_started.title',
   'Security hold on withdrawals',
   '提取安全暫緩',
   'تعليق أمني على السحوبات'),
  ('security_hold_started.body',
   'Because {change}, new withdrawal addresses and withdrawal requests wait until {until}. If this was not you, freeze withdrawals now.',
   '由於{change}，新的提取地址及提取申請須待{until}後方可處理。如非您本人操作，請立即凍結提取。',
   'نظرًا إلى أن {change}، تنتظر عناوين السحب الجديدة وطلبات السحب حتى {until}. إن لم تكونوا أنتم من قام بذلك، فجمّدوا السحوبات الآن.'),
  ('security_hold_changed.title',
   'Security hold changed',
   '安全暫緩已更改',
   'تم تغيير التعليق الأمني'),
  ('security_hold_changed.body',
   '{actor} changed the end of the security hold on your account from {from} to {until}.',
   '{actor}已將您帳戶安全暫緩的結束時間由{from}更改為{until}。',
   'تم تغيير موعد انتهاء التعليق الأمني على حسابكم من {from} إلى {until} (المنفِّذ: {actor}).'),
  ('address_cooling_off_changed.title',
   'Address waiting period changed',
   '地址等候期已更改',
   'تم تغيير فترة انتظار العنوان'),
  ('address_cooling_off_changed.body',
   '{actor} changed when the address "{label}" can be used for withdrawals from {from} to {until}. If you did not ask for this, freeze withdrawals now.',
   '{actor}已將地址「{label}」可用於提取的時間由{from}更改為{until}。如您並未提出此要求，請立即凍結提取。',
   'تم تغيير موعد إتاحة العنوان «{label}» للسحب من {from} إلى {until} (المنفِّذ: {actor}). إن لم تطلبوا ذلك، فجمّدوا السحوبات الآن.'),
  ('statement_published.title',
   'Statement ready',
   '結單已備妥',
   'كشف الحساب جاهز'),
  ('statement_corrected.title',
   'Corrected statement ready',
   '更正結單已備妥',
   'كشف الحساب المصحَّح جاهز'),
  ('statement_published.body',
   'Your {period} statement is ready{version}. Download it on your Statement page.',
   '您{period}的結單已備妥{version}。請於「結單」頁面下載。',
   'كشف حسابكم لشهر {period} جاهز{version}. يمكنكم تنزيله من صفحة كشف الحساب.'),
  ('statement.version',
   ' (version {version}, replacing {replaces})',
   '（第{version}版，取代{replaces}）',
   ' (الإصدار {version}، ويحلّ محلّ {replaces})'),
  ('member_password_changed.title',
   'Password changed',
   '密碼已更改',
   'تم تغيير كلمة المرور'),
  ('member_password_changed.body',
   'Your password was changed. If this was not you, reset it and contact us now.',
   '您的密碼已更改。如非您本人操作，請立即重設密碼並聯絡我們。',
   'تم تغيير كلمة مرور حسابكم. إن لم تكونوا أنتم من قام بذلك، فأعيدوا تعيينها وتواصلوا معنا الآن.'),
  ('member_email_changed.title',
   'E-mail address changed',
   '電郵地址已更改',
   'تم تغيير عنوان البريد الإلكتروني'),
  ('member_email_changed.body',
   'The e-mail address of your account changed from {from} to {to}.',
   '您帳戶的電郵地址已由{from}更改為{to}。',
   'تغيّر عنوان البريد الإلكتروني لحسابكم من {from} إلى {to}.'),
  ('member_factor_enrolled.title',
   'Authenticator added',
   '已新增驗證器',
   'تمت إضافة تطبيق مصادقة'),
  ('member_factor_enrolled.body',
   '{actor} added the authenticator "{name}" to your account.',
   '{actor}為您的帳戶新增了驗證器「{name}」。',
   'تمت إضافة تطبيق المصادقة «{name}» إلى حسابكم (المنفِّذ: {actor}).'),
  ('member_factor_removed.title',
   'Authenticator removed',
   '已移除驗證器',
   'تمت إزالة تطبيق مصادقة'),
  ('member_factor_removed.body',
   '{actor} removed the authenticator "{name}" from your account.',
   '{actor}從您的帳戶移除了驗證器「{name}」。',
   'تمت إزالة تطبيق المصادقة «{name}» من حسابكم (المنفِّذ: {actor}).'),
  ('factor.unnamed',
   'unnamed',
   '未命名',
   'بلا اسم'),
  ('mfa_reset.title',
   'Authenticator reset',
   '驗證器已重設',
   'تمت إعادة تعيين تطبيقات المصادقة'),
  ('mfa_reset.body',
   '{actor} removed your authenticator apps{why}. You can add a new one on the Security page.',
   '{actor}已移除您的驗證器應用程式{why}。您可於「安全」頁面新增驗證器。',
   'تمت إزالة تطبيقات المصادقة من حسابكم (المنفِّذ: {actor}){why}. يمكنكم إضافة تطبيق جديد من صفحة الأمان.'),
  ('role_granted.title',
   'Staff role granted',
   '已授予職員角色',
   'تم منح دور موظف'),
  ('role_granted.body',
   '{actor} gave you the staff role {role}.',
   '{actor}已授予您職員角色{role}。',
   'تم منحكم دور الموظف {role} (المنفِّذ: {actor}).'),
  ('role_changed.title',
   'Staff role changed',
   '職員角色已更改',
   'تم تغيير دور الموظف'),
  ('role_changed.body',
   '{actor} changed your staff role from {from} to {to}.',
   '{actor}已將您的職員角色由{from}更改為{to}。',
   'تم تغيير دور الموظف الخاص بكم من {from} إلى {to} (المنفِّذ: {actor}).'),
  ('role_revoked.title',
   'Staff role removed',
   '職員角色已移除',
   'تمت إزالة دور الموظف'),
  ('role_revoked.body',
   '{actor} removed your staff role {role}.',
   '{actor}已移除您的職員角色{role}。',
   'تمت إزالة دور الموظف {role} من حسابكم (المنفِّذ: {actor}).'),
  ('unknown.title',
   'Account event',
   '帳戶事項',
   'حدث في الحساب'),
  ('unknown.body',
   'Something changed on your account. Contact us if you do not recognise it.',
   '您的帳戶有所變更。如您不認得此變更，請聯絡我們。',
   'حدث تغيير في حسابكم. تواصلوا معنا إن لم تتعرفوا عليه.'),
  ('instruction.subscription',
   'Investment in the {plan} plan',
   '投資於{plan}',
   'الاستثمار في {plan}'),
  ('instruction.redemption',
   'Redemption from the {plan} plan',
   '從{plan}贖回',
   'الاسترداد من {plan}'),
  ('voided.rejected.subscription.title',
   'Investment declined',
   '投資指示被拒絕',
   'تم رفض الاستثمار'),
  ('voided.expired.subscription.title',
   'Investment lapsed',
   '投資指示已失效',
   'انقضت صلاحية تعليمة الاستثمار'),
  ('voided.cancelled.subscription.title',
   'Investment cancelled',
   '投資指示已取消',
   'تم إلغاء الاستثمار'),
  ('voided.rejected.redemption.title',
   'Redemption declined',
   '贖回指示被拒絕',
   'تم رفض الاسترداد'),
  ('voided.expired.redemption.title',
   'Redemption lapsed',
   '贖回指示已失效',
   'انقضت صلاحية تعليمة الاسترداد'),
  ('voided.cancelled.redemption.title',
   'Redemption cancelled',
   '贖回指示已取消',
   'تم إلغاء الاسترداد'),
  ('voided.rejected.body',
   'Your instruction #{id} ({what}, {amount}) was declined: {note}. {then}',
   '您的指示#{id}（{what}，{amount}）被拒絕：{note}。{then}',
   'تم رفض تعليمتكم رقم {id} ({what}، {amount}): {note}. {then}'),
  ('voided.expired.body',
   'Your instruction #{id} ({what}, {amount}) lapsed: it was not accepted in time. {then}',
   '您的指示#{id}（{what}，{amount}）已失效：未於限期內獲接納。{then}',
   'انقضت صلاحية تعليمتكم رقم {id} ({what}، {amount}): لم تُقبل في الوقت المحدد. {then}'),
  ('voided.cancelled.body',
   'Your instruction #{id} ({what}, {amount}) was cancelled. {then}',
   '您的指示#{id}（{what}，{amount}）已取消。{then}',
   'تم إلغاء تعليمتكم رقم {id} ({what}، {amount}). {then}'),
  ('voided.no_reason',
   'no reason given',
   '未有提供原因',
   'دون ذكر سبب'),
  ('voided.subscription.then',
   'The amount is free in your Deposit Wallet again.',
   '該金額已撥回您的存入錢包，可再次使用。',
   'أصبح المبلغ متاحًا مجددًا في محفظة الإيداع.'),
  ('voided.redemption.then',
   'Your principal stays invested.',
   '您的本金維持投資。',
   'يبقى رأس مالكم مستثمرًا.');

-- Zero, one or two rows per event, in p_locale ('en', 'zh-hant' or 'ar'):
--   variant 'now'    : the event itself, available at once (available_at null);
--   variant 'usable' : address_added's second notice, available from after.usable_from;
--   variant 'unknown': a kind this mapping does not know (a test fails on it; the member still hears
--                      that something happened rather than nothing).
-- No row: events that do not concern the member as a person (balance and staff proposals are staff's
-- internal review; the member hears of the approved change through its ledger entries and the rest).
create function private.member_event_words(e public.audit_events, p_locale text default 'en')
returns table (variant text, title text, body text, available_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_l constant text := case when p_locale in ('zh-hant', 'ar') then p_locale else 'en' end;
  v_actor text := private.actor_word(e, v_l);
  v_a jsonb := coalesce(e.after, '{}'::jsonb);
  v_b jsonb := coalesce(e.before, '{}'::jsonb);
  v_reason text := nullif(btrim(e.reason), '');
  -- ": reason" after a sentence, or nothing; v_end is the same or the full stop.
  v_why text;
  v_end text;
  v_at_once constant timestamptz := null;
  v_values jsonb;
  v_phrases jsonb;
  v_note text;
  v_void text;
begin
  -- A ledger line's reason as the statement words it: the database's own lines in the language
  -- (private.line_words, 20261127000900), what staff typed as typed.
  if e.kind = 'ledger_entry' then
    v_reason := coalesce((select private.line_words(l.kind, l.plan, l.source, l.source_id, l.transfer_id, v_reason, v_l)
                          from public.ledger_entries l where l.id = (v_a ->> 'entry_id')::bigint), v_reason);
  end if;
  v_why := case when v_reason is null then '' else private.event_text('why', v_l, jsonb_build_object('reason', v_reason)) end;
  v_end := case when v_reason is null then private.event_text('end', v_l) else v_why end;
  v_phrases := jsonb_build_object('actor', v_actor, 'why', v_why, 'end', v_end);
  -- Staff proposals (addresses, roles, settings, unfreezes, their expiry moves) and the phases of
  -- transfers are staff's own record: the member hears the outcome (ledger entries, their notices
  -- and requests, withdrawals_unfrozen, role_*), not the steps. The firm's settings name no member.
  -- The exception: a member's own investment instruction that ends without moving money (declined by
  -- staff, lapsed, cancelled) is told to the member, since no ledger line will say so.
  if e.kind = 'transfer_voided' and v_a ->> 'kind' in ('subscription', 'redemption') then
    v_void := case v_a ->> 'void_reason' when 'rejected' then 'rejected' when 'expired' then 'expired' else 'cancelled' end;
    v_note := nullif(regexp_replace(coalesce(v_a ->> 'internal_note', ''), '^Rejected: ', ''), '');
    return query select 'now',
      private.event_text('voided.' || v_void || '.' || (v_a ->> 'kind') || '.title', v_l),
      private.event_text('voided.' || v_void || '.body', v_l,
        jsonb_strip_nulls(jsonb_build_object('id', v_a ->> 'pending_id',
          'amount', private.usd_words(v_a ->> 'amount', v_l), 'note', v_note,
          -- Without the plan (an instruction recorded before transfers named it), its own English words.
          'what', case when v_a ->> 'plan' is null then coalesce(v_reason, '') end)),
        v_phrases || jsonb_strip_nulls(jsonb_build_object(
          'what', case when v_a ->> 'plan' is not null then private.event_text('instruction.' || (v_a ->> 'kind'), v_l,
            '{}', jsonb_build_object('plan', private.plan_words(v_a ->> 'plan', v_l))) end,
          'note', case when v_note is null then private.event_text('voided.no_reason', v_l) end,
          'then', private.event_text('voided.' || (v_a ->> 'kind') || '.then', v_l)))),
      v_at_once;
    return;
  end if;
  -- A statement's data is recorded (statement_issued) before its PDF exists; the member hears of it
  -- once the files are stored (statement_published), in words without figures. A failed rendering
  -- (statement_failed) is staff's to fix.
  if e.kind like 'staff\_proposal\_%' or e.kind like 'transfer\_%'
     or e.kind in ('firm_settings_changed', 'plan_terms_changed', 'statement_issued', 'statement_failed',
                   'statement_run_started', 'statement_run_finished') then
    return;
  end if;
  -- An address as the member saved it: the asset, their label, the network, the address and any tag.
  if e.kind in ('address_added', 'address_removed') then
    v_values := jsonb_build_object('asset', v_a ->> 'asset', 'network', private.network_label(v_a ->> 'network'),
      'address', v_a ->> 'address')
      || case when nullif(v_a ->> 'label', '') is null then '{}'::jsonb else jsonb_build_object('label', v_a ->> 'label') end;
    v_phrases := v_phrases
      || jsonb_build_object('tag', case when nullif(v_a ->> 'destination_tag', '') is null then ''
           else private.event_text('address.tag', v_l, jsonb_build_object('tag', v_a ->> 'destination_tag')) end)
      || case when nullif(v_a ->> 'label', '') is null
           then jsonb_build_object('label', private.event_text('address.no_label', v_l)) else '{}'::jsonb end;
  end if;
  case
    when e.kind = 'ledger_entry' then
      v_values := jsonb_build_object('before', private.usd_words(v_a ->> 'balance_before', v_l),
        'after', private.usd_words(v_a ->> 'balance_after', v_l), 'id', v_a ->> 'source_id',
        'reason', coalesce(v_reason, ''));
      v_phrases := v_phrases || jsonb_build_object('account', private.account_words(v_a ->> 'account', v_l));
      return query select 'now', private.event_text('ledger.title', v_l, '{}', v_phrases),
        private.event_text(case v_a ->> 'source'
            when 'deposit_notice' then 'ledger.deposit_notice.body'
            when 'withdrawal_request' then 'ledger.withdrawal_request.body'
            -- A returns run, approved by two of our staff: the reason is "Returns, Gold plan, November 2026".
            when 'staff_proposal' then 'ledger.staff_proposal.body'
            else 'ledger.body' end, v_l, v_values, v_phrases), v_at_once;
    when e.kind = 'withdrawal_filed' then
      return query select 'now', private.event_text('withdrawal_filed.title', v_l),
        private.event_text('withdrawal_filed.body', v_l,
          jsonb_build_object('amount', private.usd_words(v_a ->> 'amount', v_l), 'asset', v_a ->> 'asset',
            'network', private.network_label(v_a ->> 'network'), 'label', coalesce(v_a ->> 'label', v_a ->> 'address'),
            'id', v_a ->> 'id'), v_phrases), v_at_once;
    when e.kind in ('withdrawal_cancelled', 'withdrawal_pending', 'withdrawal_approved', 'withdrawal_rejected',
                    'withdrawal_paid') then
      -- withdrawal_pending is only ever back from approved: its approver lost the right to approve
      -- (20261126001700).
      return query select 'now', private.event_text(e.kind || '.title', v_l),
        private.event_text(e.kind || '.body', v_l,
          jsonb_build_object('id', v_a ->> 'id', 'amount', private.usd_words(v_a ->> 'amount', v_l)), v_phrases), v_at_once;
    when e.kind in ('deposit_notice_filed', 'deposit_notice_valued', 'deposit_notice_pending', 'deposit_notice_confirmed',
                    'deposit_notice_rejected') then
      return query select 'now', private.event_text(e.kind || '.title', v_l),
        private.event_text(e.kind || '.body', v_l,
          jsonb_build_object('quantity', v_a ->> 'quantity', 'asset', v_a ->> 'asset', 'id', v_a ->> 'id',
            'amount', private.usd_words(v_a ->> 'amount', v_l)), v_phrases), v_at_once;
    when e.kind = 'address_added' then
      return query select 'now', private.event_text('address_added.title', v_l),
        private.event_text('address_added.body', v_l, v_values || jsonb_build_object('from',
          private.when_words(coalesce((v_a ->> 'usable_from')::timestamptz, e.occurred_at), v_l)), v_phrases), v_at_once;
      return query select 'usable', private.event_text('address_added_usable.title', v_l),
        private.event_text('address_added_usable.body', v_l, v_values, v_phrases), (v_a ->> 'usable_from')::timestamptz;
    when e.kind = 'address_removed' then
      return query select 'now', private.event_text('address_removed.title', v_l),
        private.event_text('address_removed.body', v_l, v_values, v_phrases), v_at_once;
    when e.kind = 'withdrawals_frozen' then
      return query select 'now', private.event_text('withdrawals_frozen.title', v_l),
        private.event_text('withdrawals_frozen.body', v_l, '{}', v_phrases || jsonb_build_object('actor',
          case when (v_a ->> 'frozen_by_member')::boolean then private.event_text('actor.you', v_l) else v_actor end)),
        v_at_once;
    when e.kind = 'withdrawals_unfrozen' then
      return query select 'now', private.event_text('withdrawals_unfrozen.title', v_l),
        private.event_text('withdrawals_unfrozen.body', v_l, '{}', v_phrases), v_at_once;
    when e.kind = 'security_hold_started' then
      return query select 'now', private.event_text('security_hold_started.title', v_l),
        private.event_text('security_hold_started.body', v_l,
          jsonb_build_object('until', private.when_words((v_a ->> 'hold_until')::timestamptz, v_l)),
          v_phrases || jsonb_build_object('change', private.event_text('hold.' ||
            case when v_a ->> 'change' in ('password_changed', 'email_changed', 'factor_enrolled', 'factor_removed')
              then v_a ->> 'change' else 'factor_reset' end, v_l))), v_at_once;
    when e.kind = 'security_hold_changed' then
      return query select 'now', private.event_text('security_hold_changed.title', v_l),
        private.event_text('security_hold_changed.body', v_l,
          jsonb_build_object('from', private.when_words((v_b ->> 'hold_until')::timestamptz, v_l),
            'until', private.when_words((v_a ->> 'hold_until')::timestamptz, v_l)), v_phrases), v_at_once;
    when e.kind = 'address_cooling_off_changed' then
      return query select 'now', private.event_text('address_cooling_off_changed.title', v_l),
        private.event_text('address_cooling_off_changed.body', v_l,
          jsonb_build_object('label', coalesce(nullif(v_a ->> 'label', ''), v_a ->> 'address'),
            'from', private.when_words((v_b ->> 'usable_from')::timestamptz, v_l),
            'until', private.when_words((v_a ->> 'usable_from')::timestamptz, v_l)), v_phrases), v_at_once;
    when e.kind = 'statement_published' then
      return query select 'now',
        private.event_text(case when (v_a ->> 'version')::int > 1 then 'statement_corrected.title' else 'statement_published.title' end, v_l),
        private.event_text('statement_published.body', v_l,
          jsonb_build_object('period', case when v_a ->> 'month' ~ '^\d{4}-\d{2}$' then private.month_words(v_a ->> 'month', v_l)
            else v_a ->> 'period_label' end),
          v_phrases || jsonb_build_object('version', case when (v_a ->> 'version')::int > 1
            then private.event_text('statement.version', v_l,
              jsonb_build_object('version', v_a ->> 'version', 'replaces', v_a ->> 'replaces'))
            else '' end)), v_at_once;
    when e.kind = 'member_password_changed' then
      return query select 'now', private.event_text('member_password_changed.title', v_l),
        private.event_text('member_password_changed.body', v_l), v_at_once;
    when e.kind = 'member_email_changed' then
      return query select 'now', private.event_text('member_email_changed.title', v_l),
        private.event_text('member_email_changed.body', v_l,
          jsonb_build_object('from', v_b ->> 'email', 'to', v_a ->> 'email')), v_at_once;
    when e.kind in ('member_factor_enrolled', 'member_factor_removed') then
      return query select 'now', private.event_text(e.kind || '.title', v_l),
        private.event_text(e.kind || '.body', v_l,
          case when nullif(v_a ->> 'friendly_name', '') is null then '{}'::jsonb
            else jsonb_build_object('name', v_a ->> 'friendly_name') end,
          v_phrases || case when nullif(v_a ->> 'friendly_name', '') is null
            then jsonb_build_object('name', private.event_text('factor.unnamed', v_l)) else '{}'::jsonb end), v_at_once;
    when e.kind = 'mfa_reset' then
      return query select 'now', private.event_text('mfa_reset.title', v_l),
        private.event_text('mfa_reset.body', v_l, '{}', v_phrases), v_at_once;
    when e.kind in ('role_granted', 'role_changed', 'role_revoked') then
      return query select 'now', private.event_text(e.kind || '.title', v_l),
        private.event_text(e.kind || '.body', v_l,
          jsonb_build_object('from', v_b ->> 'role', 'to', v_a ->> 'role', 'role', coalesce(v_a ->> 'role', v_b ->> 'role')),
          v_phrases), v_at_once;
    else
      return query select 'unknown', private.event_text('unknown.title', v_l),
        private.event_text('unknown.body', v_l), v_at_once;
  end case;
end
$$;

revoke all on function private.account_label(text), private.usd_words(text), private.usd_words(text, text),
  private.text_in(text, text),
  private.month_words(text, text), private.reader_locale(text), private.event_text(text, text, jsonb, jsonb),
  private.actor_key(public.audit_events), private.actor_word(public.audit_events, text),
  private.account_words(text, text), private.plan_words(text, text),
  private.member_event_words(public.audit_events, text)
  from public, anon, authenticated, service_role;
