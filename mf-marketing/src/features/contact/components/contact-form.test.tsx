import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@promatch/shared/testing';
import { ContactForm } from './contact-form';

// the database is the far side of supabase-js: record what the form inserts
const insert = jest.fn();
jest.mock('@promatch/shared', () => ({
  ...jest.requireActual('@promatch/shared'),
  getSupabaseClient: () => Promise.resolve({ from: () => ({ insert }) }),
}));

describe('ContactForm', () => {
  it('shows each validation error beside its field and sends nothing', async () => {
    renderWithProviders(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please write at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(insert).not.toHaveBeenCalled();
  });

  it('sends a valid message and confirms it', async () => {
    insert.mockResolvedValue({ error: null });
    renderWithProviders(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email address'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText('Subject'), 'Hiring');
    await userEvent.type(screen.getByLabelText('Message'), 'We need a React developer in Leeds.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thank you, your message has been sent')).toBeInTheDocument();
    expect(insert.mock.calls[0][0]).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
  });
});
