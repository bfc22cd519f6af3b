import { parseNewsletterBody, type NewsletterSpan } from '@promatch/shared/newsletter';
import { Fragment } from 'react';
import styled from 'styled-components';

const Frame = styled.article`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 1rem 1.25rem;
  line-height: 1.5;
  h3 {
    margin-top: 0;
  }
  footer {
    font-size: 0.875rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    padding-top: 0.5rem;
  }
`;

function Spans({ spans }: { spans: NewsletterSpan[] }) {
  return (
    <>{spans.map((span, i) => (span.bold ? <strong key={i}>{span.text}</strong> : span.text))}</>
  );
}

/**
 * The issue as subscribers will read it: the same paragraphs, lists and bold the e-mail has
 * (text only: whatever HTML is typed shows as text), with the unsubscribe footer every e-mail ends
 * with.
 */
export function NewsletterPreview({ subject, body }: { subject: string; body: string }) {
  return (
    <Frame aria-label="Preview">
      <h3>{subject || '(no subject)'}</h3>
      {parseNewsletterBody(body).map((block, i) =>
        block.kind === 'paragraph' ? (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                <Spans spans={line} />
              </Fragment>
            ))}
          </p>
        ) : (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Spans spans={item} />
              </li>
            ))}
          </ul>
        ),
      )}
      <footer>
        You get this e-mail because you subscribed to the ProMatch newsletter.{' '}
        <span>Unsubscribe (a signed link for each subscriber)</span>
      </footer>
    </Frame>
  );
}
