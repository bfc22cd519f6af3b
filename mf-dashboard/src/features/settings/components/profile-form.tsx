import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import {
  AVAILABILITY_OPTIONS,
  profileFormSchema,
  type ProfileFormValues,
} from '@promatch/shared/validation';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextArea } from '../../../lib/form-controls';
import type { MyProfile } from '../../../lib/my-profile/get-my-profile';
import type { ProfileChanges } from '../api/update-profile';
import { toFormValues, toProfileChanges } from '../utils/profile-values';
import { CheckboxGrid, Columns } from './form-controls';

export interface ProfileFormProps {
  profile: MyProfile;
  onSave(changes: ProfileChanges): void;
  saving: boolean;
}

/**
 * The profile a visitor sees on the public page. Professionals describe their work (title,
 * categories, skills, rate, availability); businesses only their name, description and location.
 * Only the fields that changed are sent.
 */
export function ProfileForm({ profile, onSave, saving }: ProfileFormProps) {
  const professional = profile.account_type === 'professional';
  const form = useForm<ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toFormValues(profile),
    mode: 'onTouched',
  });
  const { register, handleSubmit, formState, reset } = form;
  const { errors, isDirty } = formState;
  useEffect(() => reset(toFormValues(profile)), [profile, reset]);

  const submit = handleSubmit((values) => {
    const changes = toProfileChanges(profile, values);
    if (Object.keys(changes).length > 0) onSave(changes);
  });

  return (
    <form noValidate aria-label="Your profile" onSubmit={(event) => void submit(event)}>
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      {professional ? (
        <TextField
          label="Professional title"
          placeholder="e.g. Senior cloud engineer"
          error={errors.title?.message}
          {...register('title')}
        />
      ) : null}
      <TextArea
        id="profile-description"
        label={professional ? 'Bio' : 'About your company'}
        error={errors.description?.message}
        {...register('description')}
      />
      <TextField
        label="Location"
        placeholder="e.g. Manchester"
        autoComplete="address-level2"
        error={errors.location?.message}
        {...register('location')}
      />
      {professional ? (
        <>
          <CheckboxGrid>
            <legend>Categories</legend>
            <div>
              {SERVICE_CATEGORIES.map((category) => (
                <label key={category.slug}>
                  <input type="checkbox" value={category.slug} {...register('categories')} />
                  {category.name}
                </label>
              ))}
            </div>
          </CheckboxGrid>
          <TextField
            label="Skills"
            hint="Separate skills with commas, e.g. React, TypeScript, AWS."
            error={errors.skills?.message}
            {...register('skills')}
          />
          <Columns>
            <TextField
              label="Hourly rate from (£)"
              inputMode="numeric"
              error={errors.hourlyRateMin?.message}
              {...register('hourlyRateMin')}
            />
            <TextField
              label="Hourly rate to (£)"
              inputMode="numeric"
              error={errors.hourlyRateMax?.message}
              {...register('hourlyRateMax')}
            />
          </Columns>
          <SelectField id="profile-availability" label="Availability" {...register('availability')}>
            {AVAILABILITY_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </>
      ) : null}
      <Button type="submit" disabled={saving || !isDirty}>
        {saving ? 'Saving…' : 'Save profile'}
      </Button>
    </form>
  );
}
