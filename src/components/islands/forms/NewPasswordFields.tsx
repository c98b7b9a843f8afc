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
}

/** "New password" with its length hint, then "Confirm new password": the reset form and the Security page. */
export default function NewPasswordFields({
  idPrefix,
  password,
  onPasswordChange,
  confirm,
  onConfirmChange,
  problemFor,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id={`${idPrefix}-new-password`}
        label="New password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        value={password}
        onChange={onPasswordChange}
        problem={problemFor('password')}
      />
      <PasswordField
        id={`${idPrefix}-confirm-password`}
        label="Confirm new password"
        name="confirm"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={onConfirmChange}
        problem={problemFor('confirm')}
      />
    </>
  );
}
