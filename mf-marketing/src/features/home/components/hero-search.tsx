import { Button, Cluster, VisuallyHidden } from '@promatch/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  max-width: 44rem;
  input {
    flex: 1 1 16rem;
    padding: 0.75rem;
    font-size: 1rem;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.background};
  }
`;

/** Matching opens to visitors through the e-mail lead capture, which then brings them to it. */
const Actions = styled(Cluster)`
  margin-top: ${({ theme }) => theme.space.xl};
`;

const AI_MATCHING_FOR_VISITORS = `/get-access?returnTo=${encodeURIComponent('/ai-matching')}`;

/** The hero search: submits to /search?q=<text>, or /search when empty. */
export function HeroSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    navigate(text ? `/search?q=${encodeURIComponent(text)}` : '/search');
  };
  return (
    <>
      {/* action and name make the server-rendered form work before (or without) JavaScript. */}
      <Form role="search" id="search" action="/search" onSubmit={search}>
        <label htmlFor="hero-search">
          <VisuallyHidden>Describe what you need</VisuallyHidden>
        </label>
        <input
          id="hero-search"
          name="q"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="e.g. A senior consultant to lead our digital transformation"
        />
        <Button type="submit" $size="lg">
          Find Professionals
        </Button>
      </Form>
      <Actions as="p" $gap="lg">
        <Button as={Link} to="/search" $variant="cta" $size="lg">
          Start Free Search
        </Button>
        <Button as={Link} to={AI_MATCHING_FOR_VISITORS} $variant="outline" $size="lg">
          Describe your project and get matched
        </Button>
        <Button as={Link} to="/register?type=professional&plan=free" $variant="outline" $size="lg">
          Join as Professional
        </Button>
      </Actions>
    </>
  );
}
