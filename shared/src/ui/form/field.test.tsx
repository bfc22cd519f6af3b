import { screen } from '@testing-library/react';
import styled from 'styled-components';
import { renderWithProviders } from '../../testing/render';
import { fieldControl, LabelledField, TextField } from './field';

const TextBox = styled.textarea`
  ${fieldControl}
`;

it('labels a text field and points it at its hint and announced error', () => {
  renderWithProviders(
    <TextField label="Email" hint="We never share it." error="Enter an email address" />,
  );
  const input = screen.getByLabelText('Email');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('Enter an email address We never share it.');
  expect(screen.getByRole('alert')).toHaveTextContent('Enter an email address');
});

it('leaves a valid field without aria-invalid or a description', () => {
  renderWithProviders(<TextField label="Email" id="email" />);
  const input = screen.getByLabelText('Email');
  expect(input).toHaveAttribute('id', 'email');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(input).not.toHaveAttribute('aria-describedby');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

it('ties any control it draws to the label and the error', () => {
  renderWithProviders(
    <LabelledField label="Bio" error="Too long">
      {(control) => <TextBox {...control} />}
    </LabelledField>,
  );
  const textBox = screen.getByRole('textbox', { name: 'Bio' });
  expect(textBox.tagName).toBe('TEXTAREA');
  expect(textBox).toHaveAttribute('aria-invalid', 'true');
  expect(textBox).toHaveAccessibleDescription('Too long');
});
