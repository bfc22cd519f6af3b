import { Badge, Button, Cluster, InlineList, TextField, toast } from '@promatch/shared';
import styled from 'styled-components';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextArea } from '../../../lib/form-controls';
import {
  projectFormSchema,
  useSaveProject,
  type ProjectFormInput,
  type ProjectFormValues,
} from '../api/save-project';
import { BUDGET_TYPE_LABELS, type BudgetType } from '../utils/format-budget';
import { suggestCategory, suggestSkills } from '../utils/suggest-skills';

const CheckboxLine = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

const EMPTY: ProjectFormInput = {
  title: '',
  description: '',
  category: '',
  skills: [],
  budget_type: 'fixed',
  budget_min: '',
  budget_max: '',
  timeline: '',
  remote: true,
  location: '',
};

/** The business describes the work in plain English; skills are suggested from the text. */
export function ProjectForm({ onSaved }: { onSaved?: () => void }) {
  const save = useSaveProject();
  const [skillDraft, setSkillDraft] = useState('');
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors },
  } = useForm<ProjectFormInput, unknown, ProjectFormValues>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: EMPTY,
  });
  const description = watch('description');
  const skills = watch('skills');
  const remote = watch('remote');
  const category = watch('category');
  const suggested = suggestSkills(`${watch('title')} ${description}`).filter(
    (skill) => !skills.some((s) => s.toLowerCase() === skill.toLowerCase()),
  );
  const suggestedCategory = suggestCategory(`${watch('title')} ${description}`);

  const addSkill = (skill: string) => {
    const clean = skill.trim();
    if (clean && !skills.some((s) => s.toLowerCase() === clean.toLowerCase())) {
      setValue('skills', [...skills, clean]);
    }
  };
  const submit = (status: 'draft' | 'open') =>
    handleSubmit((values) => {
      // a refusal shows above the buttons through save.error
      save.mutate(
        { values, status },
        {
          onSuccess: () => {
            toast({
              title: status === 'open' ? 'Project published' : 'Draft saved',
              description:
                status === 'open'
                  ? 'Professionals can now see it and send proposals.'
                  : 'Only you can see it until you publish it.',
              variant: 'success',
            });
            reset(EMPTY);
            onSaved?.();
          },
        },
      );
    });

  return (
    <form noValidate aria-label="Post a project" onSubmit={(e) => e.preventDefault()}>
      <TextField label="Project title" error={errors.title?.message} {...register('title')} />
      <TextArea
        label="Describe the work"
        hint="In plain English: what you need done, the result you expect, any tools you use."
        error={errors.description?.message}
        {...register('description')}
      />
      <fieldset>
        <legend>Skills</legend>
        {skills.length ? (
          <InlineList aria-label="Chosen skills">
            {skills.map((skill) => (
              <li key={skill}>
                <Badge>{skill}</Badge>{' '}
                <Button
                  type="button"
                  $variant="ghost"
                  $size="sm"
                  onClick={() =>
                    setValue(
                      'skills',
                      skills.filter((s) => s !== skill),
                    )
                  }
                >
                  Remove {skill}
                </Button>
              </li>
            ))}
          </InlineList>
        ) : null}
        {suggested.length ? (
          <div aria-label="Suggested from your description" role="group">
            <p>Suggested from your description:</p>
            {suggested.map((skill) => (
              <Button
                key={skill}
                type="button"
                $variant="outline"
                $size="sm"
                onClick={() => addSkill(skill)}
              >
                Add {skill}
              </Button>
            ))}
          </div>
        ) : null}
        <TextField
          label="Add a skill"
          value={skillDraft}
          onChange={(e) => setSkillDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addSkill(skillDraft);
              setSkillDraft('');
            }
          }}
          hint="Press Enter to add it."
        />
      </fieldset>
      <SelectField
        label="Category"
        hint={
          suggestedCategory && suggestedCategory !== category
            ? `Your description suggests ${SERVICE_CATEGORIES.find((c) => c.slug === suggestedCategory)?.name}.`
            : undefined
        }
        error={errors.category?.message}
        {...register('category')}
      >
        <option value="">Choose a category</option>
        {SERVICE_CATEGORIES.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Budget type" {...register('budget_type')}>
        {(Object.keys(BUDGET_TYPE_LABELS) as BudgetType[]).map((type) => (
          <option key={type} value={type}>
            {BUDGET_TYPE_LABELS[type]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Budget from (£)"
        inputMode="numeric"
        error={errors.budget_min?.message}
        {...register('budget_min')}
      />
      <TextField
        label="Budget up to (£)"
        inputMode="numeric"
        error={errors.budget_max?.message}
        {...register('budget_max')}
      />
      <TextField
        label="Timeline"
        hint="For example: 6 weeks, starting in March."
        error={errors.timeline?.message}
        {...register('timeline')}
      />
      <CheckboxLine>
        <input type="checkbox" {...register('remote')} /> Remote work is fine
      </CheckboxLine>
      <TextField
        label={remote ? 'Location (optional)' : 'Location'}
        error={errors.location?.message}
        {...register('location')}
      />
      {save.isError ? (
        <p role="alert">The project could not be saved: {save.error.message}</p>
      ) : null}
      <Cluster $gap="md">
        <Button
          type="button"
          $variant="outline"
          disabled={save.isPending}
          onClick={() => void submit('draft')()}
        >
          Save draft
        </Button>
        <Button
          type="button"
          $variant="cta"
          disabled={save.isPending}
          onClick={() => void submit('open')()}
        >
          Publish project
        </Button>
      </Cluster>
    </form>
  );
}
