/**
 * Professionals' requests for the verified badge on a real database: evidence in a private
 * bucket (the owner and verification staff read it, nobody else), one pending request at a time,
 * and a decision by staff with the verification area only, with a reason the professional reads
 * and receives by e-mail; approving grants the badge. Everything is audited.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describeEachDb } from '../support/test-server.ts';
import { createSignedInUser, must, newClient } from '../support/fixtures-rls-world.ts';

jest.setTimeout(120_000);

const PDF = Buffer.from('%PDF-1.4\n% evidence\n');

describeEachDb('professional verification requests', ({ server }) => {
  let service: SupabaseClient;
  let anon: SupabaseClient;
  const run = randomUUID().slice(0, 8);
  const email = (name: string) => `${name}-ver-${run}@example.com`;
  const people: Record<string, { id: string; client: SupabaseClient }> = {};

  const upload = async (who: string, folder = people[who].id) => {
    const path = `${folder}/${randomUUID()}-certificate.pdf`;
    const result = await people[who].client.storage
      .from('verification-evidence')
      .upload(path, PDF, { contentType: 'application/pdf' });
    return { path, error: result.error };
  };

  const request = async (who: string, paths: string[]) =>
    people[who].client
      .from('verification_requests')
      .insert({ user_id: people[who].id, evidence_paths: paths, message: 'Chartered since 2015' })
      .select('id')
      .single();

  beforeAll(async () => {
    service = newClient(server(), server().serviceRoleKey);
    anon = newClient(server(), server().anonKey);
    // identity verification is a perk of plans with identity_verification (Pro): the
    // professionals who ask are on Pro; free is on Free (decision 0168)
    const onPro = ['pro', 'pro2', 'other'];
    for (const name of [...onPro, 'free', 'admin0', 'usersAdmin', 'verifier']) {
      people[name] = await createSignedInUser(server(), service, email(name), {
        name: `${name} ${run}`,
        account_type: 'professional',
        selected_plan: onPro.includes(name) ? 'pro' : 'free',
      });
    }
    people.biz = await createSignedInUser(server(), service, email('biz'), {
      name: `biz ${run}`,
      account_type: 'business',
    });
    must(
      await service.from('admin_users').insert([
        { user_id: people.admin0.id, role: 'admin', permissions: {} },
        { user_id: people.usersAdmin.id, role: 'admin', permissions: { users: true } },
        { user_id: people.verifier.id, role: 'admin', permissions: { verification: true } },
      ]),
      'seed staff',
    );
  });

  test("evidence: only into one's own folder; read by the owner and verification staff only", async () => {
    expect((await upload('other', people.pro.id)).error).not.toBeNull();
    const { path, error } = await upload('pro');
    expect(error).toBeNull();
    expect(
      (await people.pro.client.storage.from('verification-evidence').download(path)).error,
    ).toBeNull();
    const signed = await people.verifier.client.storage
      .from('verification-evidence')
      .createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const fetched = await fetch(signed.data!.signedUrl);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).toString()).toBe(PDF.toString());
    for (const who of ['other', 'admin0', 'usersAdmin']) {
      const denied = await people[who].client.storage.from('verification-evidence').download(path);
      expect([who, denied.error === null]).toEqual([who, false]);
    }
    expect((await anon.storage.from('verification-evidence').download(path)).error).not.toBeNull();
  });

  test('a request: own evidence only, professionals only, one pending at a time', async () => {
    const theirs = await upload('pro');
    const stolen = await request('other', [theirs.path]);
    expect(stolen.error?.code).toBe('42501');
    const bizFile = await upload('biz');
    expect((await request('biz', [bizFile.path])).error?.code).toBe('42501');
    const mine = await upload('pro2');
    expect((await request('pro2', [mine.path])).error).toBeNull();
    const again = await request('pro2', [mine.path]);
    expect(again.error?.code).toBe('23505');
    // nobody changes a request directly, the owner included
    await people.pro2.client
      .from('verification_requests')
      .update({ status: 'approved' })
      .eq('user_id', people.pro2.id);
    const rows = must(
      await people.pro2.client.from('verification_requests').select('status'),
      'own',
    );
    expect(rows).toEqual([{ status: 'pending' }]);
    // others do not see it
    for (const who of ['other', 'admin0', 'usersAdmin']) {
      const seen = await people[who].client.from('verification_requests').select('id');
      expect([who, seen.data]).toEqual([who, []]);
    }
  });

  test('a professional whose plan has no identity_verification cannot ask, until they move to Pro', async () => {
    const evidence = await upload('free');
    const refused = await request('free', [evidence.path]);
    expect(refused.error?.code).toBe('42501');
    must(await people.free.client.rpc('change_my_plan', { p_plan: 'pro' }), 'upgrade');
    expect((await request('free', [evidence.path])).error).toBeNull();
  });

  test('only verification staff see the queue and decide; rejecting tells the professional why', async () => {
    const file = await upload('pro');
    const created = await request('pro', [file.path]);
    const id = created.data!.id;
    for (const who of ['pro', 'other', 'admin0', 'usersAdmin']) {
      const queue = await people[who].client.rpc('admin_professional_verification_queue', {});
      expect([who, queue.error?.code]).toEqual([who, '42501']);
      const decide = await people[who].client.rpc('admin_decide_verification_request', {
        p_request: id,
        p_approve: true,
        p_reason: 'looks fine',
      });
      expect([who, decide.error?.code]).toEqual([who, '42501']);
    }
    const queue = must(
      await people.verifier.client.rpc('admin_professional_verification_queue', {}),
      'queue',
    ) as unknown as { id: string; evidence_paths: string[]; professional: { email: string } }[];
    expect(queue.find((r) => r.id === id)).toMatchObject({
      evidence_paths: [file.path],
      professional: { email: email('pro') },
    });
    must(
      await people.verifier.client.rpc('admin_decide_verification_request', {
        p_request: id,
        p_approve: false,
        p_reason: 'The certificate is not legible',
      }),
      'reject',
    );
    expect(
      must(
        await people.pro.client
          .from('verification_requests')
          .select('status, decision_note')
          .eq('id', id)
          .single(),
        'own decision',
      ),
    ).toEqual({ status: 'rejected', decision_note: 'The certificate is not legible' });
    let mail: { subject: string; text: string } | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      const response = await fetch(
        `${server().url}/outbox?format=json&to=${encodeURIComponent(email('pro'))}`,
      );
      const messages = (await response.json()) as { subject: string; text: string }[];
      mail = messages.find((m) => m.subject === 'Your ProMatch verification request');
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(mail?.text).toContain('The certificate is not legible');

    // a new request, approved: the badge is granted and both decisions are in the audit log
    const second = await request('pro', [(await upload('pro')).path]);
    must(
      await people.verifier.client.rpc('admin_decide_verification_request', {
        p_request: second.data!.id,
        p_approve: true,
        p_reason: 'Chartered membership confirmed',
      }),
      'approve',
    );
    expect(
      must(
        await service.from('profiles').select('verified').eq('id', people.pro.id).single(),
        'badge',
      ),
    ).toEqual({ verified: true });
    const twice = await people.verifier.client.rpc('admin_decide_verification_request', {
      p_request: second.data!.id,
      p_approve: false,
      p_reason: 'changed my mind',
    });
    expect(twice.error?.message).toBe('This request has already been decided.');
    const log = must(
      await service
        .from('admin_audit_log')
        .select('actor_id, action, reason')
        .in('target_id', [id, second.data!.id])
        .order('occurred_at'),
      'audit',
    );
    expect(log).toEqual([
      {
        actor_id: people.verifier.id,
        action: 'reject_verification_request',
        reason: 'The certificate is not legible',
      },
      {
        actor_id: people.verifier.id,
        action: 'approve_verification_request',
        reason: 'Chartered membership confirmed',
      },
    ]);
  });
});
