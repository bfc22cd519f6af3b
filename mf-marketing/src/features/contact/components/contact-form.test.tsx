import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from '@promatch/shared';
import {
  createTestQueryClient,
  fakeSupabase,
  opArgs,
  renderWithProviders,
} from '@promatch/shared/testing';
import { ContactForm } from './contact-form';

// the database is the far side of supabase-js: record what the form inserts
const mockFake = fakeSupabase(() => ({}));
jest.mock('@promatch/shared/supabase-client', () => ({
  getSupabaseClient: () => Promise.resolve(mockFake.client),
}));
const inserted = () =>
  opArgs(
    mockFake.calls.find((call) => call.table === 'contact_messages'),
    'insert',
  )?.[0];

beforeEach(() => {
  mockFake.calls.length = 0;
});

describe('ContactForm', () => {
  it('shows each validation error beside its field, focuses the first, and sends nothing', async () => {
    renderWithProviders(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription(
      'Please enter your name',
    );
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      'Please enter a valid email address',
    );
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription(
      'Please write at least 10 characters',
    );
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(mockFake.calls).toHaveLength(0);
  });

  it('sends a valid message and confirms it', async () => {
    renderWithProviders(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email address'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText('Subject'), 'Hiring');
    await userEvent.type(screen.getByLabelText('Message'), 'We need a React developer in Leeds.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you, your message has been sent')).toBeInTheDocument();
    expect(inserted()).toEqual({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      subject: 'Hiring',
      message: 'We need a React developer in Leeds.',
    });
  });

  it('keeps what a visitor typed into the server-drawn form before it hydrated', async () => {
    const queryClient = createTestQueryClient();
    const tree = (
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={lightTheme}>
          <ContactForm />
        </ThemeProvider>
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const typed: Record<string, string> = {
      'contact-name': 'Grace Hopper',
      'contact-email': 'grace@example.com',
      'contact-subject': 'Compilers',
      'contact-message': 'Looking for a compiler engineer.',
    };
    for (const [id, value] of Object.entries(typed))
      (container.querySelector(`#${id}`) as HTMLInputElement).value = value;

    await act(async () => {
      hydrateRoot(container, tree);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you, your message has been sent')).toBeInTheDocument();
    expect(inserted()).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      subject: 'Compilers',
      message: 'Looking for a compiler engineer.',
    });
    container.remove();
  });
});
