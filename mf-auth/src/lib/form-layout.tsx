import { Card } from '@promatch/shared';
import styled from 'styled-components';

/** The narrow card every auth form sits in. */
export const FormCard = styled(Card)`
  max-width: 32rem;
  margin: 0 auto;
`;

/** A checkbox with its error below it, spaced like a labelled field. */
export const CheckboxField = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

export const FormActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin-top: 1rem;
`;

export const ErrorBox = styled.div`
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  color: ${({ theme }) => theme.colors.danger};
  padding: 0.75rem 1rem;
  margin-bottom: 1rem;
  ul {
    margin: 0.25rem 0 0;
    padding-left: 1.25rem;
  }
`;

export const Banner = styled.p`
  background: ${({ theme }) => theme.colors.surface};
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius};
  font-weight: 600;
  padding: 0.75rem 1rem;
`;
