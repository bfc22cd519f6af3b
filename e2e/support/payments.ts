import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from '@playwright/test';
import { clientFor, type TestUser } from './users.ts';

/** An amount in pence as the pages show it. */
export const gbp = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(pence / 100);

/**
 * A hire as the two of them make it through the API: a fixed-price project, the professional's
 * proposal at `pounds`, accepted by the business (which makes the draft milestone).
 */
export async function hireFor(
  business: TestUser,
  professional: TestUser,
  pounds: number,
  title: string,
): Promise<{ biz: SupabaseClient; pro: SupabaseClient; projectId: string }> {
  const biz = await clientFor(business);
  const pro = await clientFor(professional);
  const project = await biz
    .from('projects')
    .insert({ owner_id: business.id, title, status: 'open' })
    .select('id')
    .single();
  if (project.error) throw project.error;
  const proposal = await pro
    .from('project_applications')
    .insert({
      project_id: project.data.id,
      professional_id: professional.id,
      cover_letter: 'Happy to help.',
      proposed_rate: pounds,
    })
    .select('id')
    .single();
  if (proposal.error) throw proposal.error;
  const accepted = await biz
    .from('project_applications')
    .update({ status: 'accepted' })
    .eq('id', proposal.data.id);
  if (accepted.error) throw accepted.error;
  return { biz, pro, projectId: project.data.id as string };
}

/** The payments function's answer with a hosted page's address, then that page's form sent. */
export async function throughHostedPage(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke<{ url: string }>('payments', { body });
  if (error || !data) throw error ?? new Error('no hosted page');
  const response = await fetch(data.url, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
}
