import { useEffect, useId, useState, type FormEvent } from 'react';
import { reasonLabel } from '~/lib/admin/reason';
import toast from '~/lib/toast';
import { firmSettings, proposeStaffChange, watchStaffChanges } from '~/lib/admin/staff-changes';
import { errorText } from '~/lib/db-errors';
import type { StaffSession } from '../AdminArea';
import Field from '../../shared/Field';
import LoadingCards from '../../shared/LoadingCards';
import { useLoad } from '../../shared/useLoad';
import { dailyLimitText, settingsProblem, thresholdText } from './proposal-text';

/** The firm's settings; owners propose new values (another owner approves). */
export default function SettingsPanel({ session }: { session: StaffSession }) {
  const { data, error, reload } = useLoad(firmSettings, 'Could not load the settings.');
  const [threshold, setThreshold] = useState<string | null>(null);
  const [dailyLimit, setDailyLimit] = useState<string | null>(null);
  const [hours, setHours] = useState<string | null>(null);
  const [holdHours, setHoldHours] = useState<string | null>(null);
  const [referral, setReferral] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();
  useEffect(() => watchStaffChanges(reload, 'admin-settings'), [reload]);

  if (error && !data) {
    return (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    );
  }
  if (!data) return <LoadingCards label="Loading settings" />;
  const thresholdDraft = threshold ?? data.small_edit_threshold ?? '';
  const dailyLimitDraft = dailyLimit ?? data.small_edit_daily_limit ?? '';
  const hoursDraft = hours ?? String(data.address_cooling_off_hours);
  const holdDraft = holdHours ?? String(data.security_hold_hours);
  const referralDraft = referral ?? data.referral_bonus_percent;

  async function propose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wrong = settingsProblem(
      {
        threshold: thresholdDraft,
        dailyLimit: dailyLimitDraft,
        hours: hoursDraft,
        holdHours: holdDraft,
        referralPercent: referralDraft,
      },
      reason,
    );
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setBusy(true);
    try {
      await proposeStaffChange(
        'firm_settings',
        null,
        {
          small_edit_threshold: thresholdDraft.trim() || null,
          small_edit_daily_limit: dailyLimitDraft.trim() || null,
          address_cooling_off_hours: Number(hoursDraft),
          security_hold_hours: Number(holdDraft),
          referral_bonus_percent: referralDraft.trim(),
        },
        reason,
      );
      toast.success('Proposed: another owner approves the new settings.');
      setReason('');
      setProblem('');
    } catch (e) {
      toast.error(errorText(e, 'Could not propose the settings.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card p-5 text-sm">
      <p>
        Small-edit threshold: <strong>{thresholdText(data.small_edit_threshold)}</strong>
      </p>
      <p className="mt-1">
        Small-edit daily limit:{' '}
        <strong>{dailyLimitText(data.small_edit_daily_limit, data.small_edit_threshold)}</strong>
      </p>
      <p className="mt-1">
        Cooling-off for new withdrawal addresses: <strong>{data.address_cooling_off_hours} hours</strong>
      </p>
      <p className="mt-1">
        Security hold after a member changes their password, e-mail or authenticator:{' '}
        <strong>{data.security_hold_hours} hours</strong>
      </p>
      <p className="mt-1">
        Referral bonus, paid to the referrer when a referred member’s investment is accepted:{' '}
        <strong>{data.referral_bonus_percent}% of the amount invested</strong>
      </p>
      {session.can.manageStaff && (
        <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={(e) => void propose(e)} noValidate>
          <Field
            id={`${ids}-threshold`}
            label="Small-edit threshold (USD, empty for none)"
            inputMode="decimal"
            value={thresholdDraft}
            onChange={(e) => setThreshold(e.target.value)}
          />
          <Field
            id={`${ids}-daily-limit`}
            label="Small-edit daily limit per admin (USD, empty for the same as the threshold)"
            inputMode="decimal"
            value={dailyLimitDraft}
            onChange={(e) => setDailyLimit(e.target.value)}
          />
          <Field
            id={`${ids}-hours`}
            label="Cooling-off (hours)"
            inputMode="numeric"
            value={hoursDraft}
            onChange={(e) => setHours(e.target.value)}
          />
          <Field
            id={`${ids}-hold-hours`}
            label="Security hold after a change of credentials (hours)"
            inputMode="numeric"
            value={holdDraft}
            onChange={(e) => setHoldHours(e.target.value)}
          />
          <Field
            id={`${ids}-referral`}
            label="Referral bonus (%)"
            inputMode="decimal"
            value={referralDraft}
            onChange={(e) => setReferral(e.target.value)}
          />
          <Field
            id={`${ids}-reason`}
            label={reasonLabel('Reason', false)}
            className="sm:col-span-2"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
          />
          {problem && (
            <p role="alert" className="text-danger-600 sm:col-span-2">
              {problem}
            </p>
          )}
          <div className="sm:col-span-2">
            <button type="submit" className="btn-dark" disabled={busy}>
              Propose settings
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
