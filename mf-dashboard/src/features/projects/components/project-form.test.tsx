import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeSupabase, opArgs, renderWithProviders } from '@promatch/shared/testing';
import { ProjectForm } from './project-form';

// the far side of supabase-js: record the row the form inserts, and answer with it
const mockFake = fakeSupabase((call) => {
  const [row] = (opArgs(call, 'insert') ?? [{}]) as [Record<string, unknown>];
  return { data: { id: 'new', ...row } };
});
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const inserted = () =>
  opArgs(
    mockFake.calls.find((call) => call.table === 'projects'),
    'insert',
  );

beforeEach(() => {
  mockFake.calls.length = 0;
});

it('suggests skills and a category from the description and publishes the project', async () => {
  renderWithProviders(<ProjectForm />);
  await userEvent.type(screen.getByLabelText('Project title'), 'Booking API');
  await userEvent.type(
    screen.getByLabelText('Describe the work'),
    'We need a Node and PostgreSQL developer to build a booking API for our clinics.',
  );
  expect(screen.getByText('Your description suggests Software Development.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add PostgreSQL' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add Node.js' }));
  await userEvent.selectOptions(screen.getByLabelText('Category'), 'software-development');
  await userEvent.selectOptions(screen.getByLabelText('Budget type'), 'day');
  await userEvent.type(screen.getByLabelText('Budget from (£)'), '400');
  await userEvent.type(screen.getByLabelText('Budget up to (£)'), '550');
  await userEvent.type(screen.getByLabelText('Timeline'), '6 weeks from March');
  await userEvent.click(screen.getByRole('button', { name: 'Publish project' }));
  await waitFor(() => expect(inserted()).toBeDefined());
  expect(inserted()?.[0]).toEqual({
    title: 'Booking API',
    description: 'We need a Node and PostgreSQL developer to build a booking API for our clinics.',
    category: 'software-development',
    skills: ['PostgreSQL', 'Node.js'],
    budget_type: 'day',
    budget_min: 400,
    budget_max: 550,
    timeline: '6 weeks from March',
    remote: true,
    location: null,
    status: 'open',
  });
});

it('refuses a budget range upside down and on-site work without a place', async () => {
  renderWithProviders(<ProjectForm />);
  await userEvent.type(screen.getByLabelText('Project title'), 'Office network');
  await userEvent.type(
    screen.getByLabelText('Describe the work'),
    'Rewire and configure the network in our Leeds office, two floors.',
  );
  await userEvent.type(screen.getByLabelText('Budget from (£)'), '900');
  await userEvent.type(screen.getByLabelText('Budget up to (£)'), '500');
  await userEvent.click(screen.getByLabelText('Remote work is fine'));
  await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
  expect(await screen.findByText('The maximum must be at least the minimum')).toBeInTheDocument();
  expect(screen.getByText('Say where the work is, or allow remote work')).toBeInTheDocument();
  expect(inserted()).toBeUndefined();
});
