import { zodResolver } from '@hookform/resolvers/zod';
import {
  profileUpdateRequestSchema,
  type ProfileUpdateRequest,
  type PublicUser,
} from '@store/shared/account';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { TextField } from '@/components/form/text-field';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/stores/session-store';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { failureMessage, toastError, toastSuccess } from '@/lib/toast-feedback';
import { errorOf } from '@/components/form/field-message';
import { SubmitButton } from '@/components/form/submit-button';
import { AccountCard, BusinessDetailsFields } from './form-bits';
import { PasswordInput } from './password-field';
import { formatPhone } from '@store/shared/phone';
import { PhoneField } from '@/components/form/phone-field';

type Input = z.input<typeof profileUpdateRequestSchema>;

function metaOf(user: PublicUser, option: string): string {
  return user.user_meta.find((m) => m.option === option)?.value ?? '';
}

/** /profile-update (SPEC §2, §5 Profile update, §8): email shown but not editable; 'Updating Profile...'. */
export function ProfileUpdatePage() {
  usePageTitle('Update profile');
  const session = useSession();
  const profile = useProfile();
  const user = profile.data ?? session?.user;
  if (!user || profile.isPending)
    return (
      <p role="status" className="container page">
        Loading...
      </p>
    );
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const { register, handleSubmit, formState, setError } = useForm<Input, unknown, ProfileUpdateRequest>({
    resolver: zodResolver(profileUpdateRequestSchema),
    defaultValues: {
      name: user.name,
      phone: formatPhone(user.phone),
      old_password: '',
      password: '',
      _b_name: metaOf(user, '_b_name'),
      _b_email: metaOf(user, '_b_email'),
      _b_number: metaOf(user, '_b_number'),
      _b_street_address: metaOf(user, '_b_street_address'),
      _b_area_address: metaOf(user, '_b_area_address'),
    },
    mode: 'onTouched',
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync(values);
      toastSuccess(answer.message);
      void navigate('/my-account');
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && values.password !== '') {
        setError('old_password', { message: error.message });
      }
      toastError(failureMessage(error));
    }
  });

  return (
    <AccountCard title="Update profile" wide>
      <form className="account-form" noValidate onSubmit={onSubmit} aria-label="Update profile">
        <fieldset className="account-form">
          <legend>Personal details</legend>
          <TextField name="name" label="Name" required message={errorOf(errors.name)} layout="name">
            {(aria) => (
              <input {...aria} {...register('name')} className="checkout-input" autoComplete="name" />
            )}
          </TextField>
          <TextField
            name="email"
            label="Email"
            required={false}
            hint="Your email cannot be changed."
            message={null}
            layout="email"
          >
            {(aria) => (
              <input {...aria} className="checkout-input" type="email" value={user.email} disabled readOnly />
            )}
          </TextField>
          <PhoneField registration={register('phone')} error={errors.phone} />
          <TextField
            name="old_password"
            label="Old password"
            required={false}
            hint="Needed only to set a new password."
            message={errorOf(errors.old_password)}
            layout="password"
          >
            {(aria) => (
              <PasswordInput
                aria={aria}
                label="old password"
                {...register('old_password')}
                autoComplete="current-password"
              />
            )}
          </TextField>
          <TextField
            name="password"
            label="New password"
            required={false}
            hint="Leave empty to keep your password. At least 8 characters, an uppercase letter and one of !@#$%^&*."
            message={errorOf(errors.password)}
            layout="password"
          >
            {(aria) => (
              <PasswordInput
                aria={aria}
                label="new password"
                {...register('password')}
                autoComplete="new-password"
              />
            )}
          </TextField>
        </fieldset>
        <BusinessDetailsFields legend="Business details" register={register} errors={errors} />
        <SubmitButton busy={formState.isSubmitting} label="Update Profile" busyLabel="Updating Profile..." />
      </form>
    </AccountCard>
  );
}
