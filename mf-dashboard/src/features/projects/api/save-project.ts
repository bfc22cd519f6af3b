import { getSupabaseClient, toAppError } from '@promatch/shared';
import { SERVICE_CATEGORIES } from '@promatch/shared/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from '@promatch/shared/validation';
import { planKeys } from '../../../lib/plan-usage';
import { projectKeys } from './keys';
import type { Project } from './types';

const pounds = z
  .union([z.literal(''), z.coerce.number()])
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .number({ message: 'Enter whole pounds' })
      .int('Enter whole pounds')
      .min(0, 'Enter a positive amount')
      .max(10_000_000, 'Enter a smaller amount')
      .nullable(),
  );

const categorySlugs = SERVICE_CATEGORIES.map((c) => c.slug) as [string, ...string[]];

export const projectFormSchema = z
  .object({
    title: z.string().trim().min(5, 'Give the project a title of at least 5 characters').max(200),
    description: z
      .string()
      .trim()
      .min(30, 'Describe the work in at least 30 characters')
      .max(20_000),
    category: z.union([z.literal(''), z.enum(categorySlugs)]),
    skills: z.array(z.string().trim().min(1).max(60)).max(50),
    budget_type: z.enum(['fixed', 'day', 'hour']),
    budget_min: pounds,
    budget_max: pounds,
    timeline: z.string().trim().max(200),
    remote: z.boolean(),
    location: z.string().trim().max(200),
  })
  .refine((v) => v.budget_min === null || v.budget_max === null || v.budget_min <= v.budget_max, {
    path: ['budget_max'],
    message: 'The maximum must be at least the minimum',
  })
  .refine((v) => v.remote || v.location.length > 0, {
    path: ['location'],
    message: 'Say where the work is, or allow remote work',
  });

export type ProjectFormInput = z.input<typeof projectFormSchema>;
export type ProjectFormValues = z.output<typeof projectFormSchema>;

export interface SaveProjectInput {
  values: ProjectFormValues;
  status: 'draft' | 'open';
  /** Set to update an existing draft. */
  id?: string;
}

/** Creates or updates a project as a draft or published (open). */
export async function saveProject({ values, status, id }: SaveProjectInput): Promise<Project> {
  const supabase = await getSupabaseClient();
  const row = {
    ...values,
    category: values.category || null,
    timeline: values.timeline || null,
    location: values.location || null,
    status,
  };
  const query = id
    ? supabase.from('projects').update(row).eq('id', id)
    : supabase.from('projects').insert(row);
  const { data, error } = await query.select('*').single();
  if (error) throw toAppError(error);
  return data;
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: async (_project, { id }) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      // a new project used one of the plan's monthly projects
      if (!id) await queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
}

/** Publish, close or complete a project; the database allows only the moves that make sense. */
export async function setProjectStatus(input: {
  id: string;
  status: 'open' | 'closed' | 'completed';
}): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase
    .from('projects')
    .update({ status: input.status })
    .eq('id', input.id);
  if (error) throw toAppError(error);
}

export function useSetProjectStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setProjectStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
