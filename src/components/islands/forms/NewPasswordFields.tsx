import PasswordField from './PasswordField';
import { PASSWORD_MIN_LENGTH } from '~/lib/auth-rules';

type Problem = { 'aria-invalid'?: true; 'aria-describedby'?: string } | undefined;

interface NewPasswordFieldsProps {
  /** Prefix for the two inputs' ids (`<prefix>-new-password`, `<prefix>-confirm-password`). */
  idPrefix: string;
  password: string;
  onPasswordChange: (value: string) => void;
  confirm: string;
  onConfirmChange: (value: string) => void;
  /** The form's problem props for a field name (useFormProblem's fieldProps). */
  problemFor: (name: 'password' | 'confirm') => Problem;
  /** The labels, the length hint and the show/hide words in the page's language; English by default. */
  words?: NewPasswordWords | undefined;
}

export interface NewPasswordWords {
  newPassword: string;
  confirmNewPassword: string;
  passwordHint: string;
  show: string;
  hide: string;
  passwordWord: string;
}

const ENGLISH: NewPasswordWords = {
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  passwordHint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  show: 'Show',
  hide: 'Hide',
  passwordWord: 'password',
};

/** "New password" with its length hint, then "Confirm new password": the reset form and the Security page. */
export default function NewPasswordFields({
  idPrefix,
  password,
  onPasswordChange,
  confirm,
  onConfirmChange,
  problemFor,
  words = ENGLISH,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-new-password`}
        label={words.newPassword}
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={words.passwordHint}
        value={password}
        onChange={onPasswordChange}
        problem={problemFor('password')}
        words={words}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label={words.confirmNewPassword}
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={onConfirmChange}
        problem={problemFor('confirm')}
        words={words}
      />
    </>
  );
}
