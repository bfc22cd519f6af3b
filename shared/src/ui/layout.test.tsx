import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/render';
import { lightTheme } from '../theme/theme';
import { Cluster, FieldGroup, Grid, InlineList, PlainList, Stack, TermList, Text } from './layout';

it('spaces a stack from the theme scale and takes over its children’s margins', () => {
  renderWithProviders(
    <Stack $gap="xl" data-testid="stack">
      <p>First</p>
      <p>Second</p>
    </Stack>,
  );
  const stack = screen.getByTestId('stack');
  expect(stack).toHaveStyle({ display: 'flex', flexDirection: 'column', gap: lightTheme.space.xl });
  expect(screen.getByText('First')).toHaveStyle({ margin: '0px' });
});

it('lays a cluster out in a wrapping row unless told not to wrap', () => {
  renderWithProviders(
    <>
      <Cluster data-testid="wraps" $justify="space-between">
        <span>A</span>
      </Cluster>
      <Cluster data-testid="one-line" $nowrap $gap="lg">
        <span>B</span>
      </Cluster>
    </>,
  );
  expect(screen.getByTestId('wraps')).toHaveStyle({
    flexWrap: 'wrap',
    gap: lightTheme.space.sm,
    justifyContent: 'space-between',
    alignItems: 'center',
  });
  expect(screen.getByTestId('one-line')).toHaveStyle({
    flexWrap: 'nowrap',
    gap: lightTheme.space.lg,
  });
});

it('makes a grid responsive by minimum column width, or follows an explicit template', () => {
  renderWithProviders(
    <>
      <Grid data-testid="cards" $min="12rem" />
      <Grid data-testid="terms" $columns="max-content 1fr" $gap="sm" />
    </>,
  );
  // jsdom drops a value with min() from computed styles, so read the rule styled-components wrote.
  const cards = screen.getByTestId('cards');
  const css = [...document.querySelectorAll('style')].map((tag) => tag.textContent).join('');
  const rule = new RegExp(`\\.${cards.classList[1]}\\{[^}]*\\}`).exec(css)?.[0];
  expect(rule).toContain('grid-template-columns:repeat(auto-fill, minmax(min(12rem, 100%), 1fr))');
  expect(screen.getByTestId('terms')).toHaveStyle({
    gridTemplateColumns: 'max-content 1fr',
    gap: lightTheme.space.sm,
  });
});

it('draws a plain list as a list, without bullets', () => {
  renderWithProviders(
    <PlainList aria-label="Reviews">
      <li>One</li>
    </PlainList>,
  );
  const list = screen.getByRole('list', { name: 'Reviews' });
  expect(list).toHaveStyle({ listStyle: 'none', padding: '0px' });
  expect(screen.getAllByRole('listitem')).toHaveLength(1);
});

it('draws an inline list as a wrapping row of items, without bullets', () => {
  renderWithProviders(
    <InlineList aria-label="Skills" $gap="xs">
      <li>React</li>
      <li>Go</li>
    </InlineList>,
  );
  const list = screen.getByRole('list', { name: 'Skills' });
  expect(list).toHaveStyle({
    display: 'flex',
    flexWrap: 'wrap',
    listStyle: 'none',
    padding: '0px',
    gap: lightTheme.space.xs,
  });
  expect(screen.getAllByRole('listitem')).toHaveLength(2);
});

it('styles text from its props and keeps the element it is told to be', () => {
  renderWithProviders(
    <Text as="h3" $size="xl" $weight={700} $align="center" $muted>
      Score
    </Text>,
  );
  expect(screen.getByRole('heading', { name: 'Score', level: 3 })).toHaveStyle({
    fontSize: '1.75rem',
    fontWeight: '700',
    textAlign: 'center',
    color: lightTheme.colors.mutedText,
  });
});

it('drops a paragraph’s own margin only when told to be flush', () => {
  renderWithProviders(
    <>
      <Text $flush>Flush</Text>
      <Text>Spaced</Text>
    </>,
  );
  expect(screen.getByText('Flush')).toHaveStyle({ margin: '0px' });
  expect(screen.getByText('Spaced')).not.toHaveStyle({ margin: '0px' });
});

it('names a field group by its legend and lays its options out one per line or side by side', () => {
  renderWithProviders(
    <>
      <FieldGroup>
        <legend>Theme</legend>
        <label>
          <input type="radio" name="theme" /> Light
        </label>
      </FieldGroup>
      <FieldGroup $inline>
        <legend>Channels</legend>
        <label>
          <input type="checkbox" /> E-mail
        </label>
      </FieldGroup>
    </>,
  );
  expect(screen.getByRole('group', { name: 'Theme' })).toHaveStyle({ borderWidth: '0px' });
  expect(screen.getByText('Light', { exact: false })).toHaveStyle({ display: 'block' });
  expect(screen.getByRole('group', { name: 'Channels' })).toBeInTheDocument();
  expect(screen.getByText('E-mail', { exact: false })).toHaveStyle({ display: 'inline-block' });
});

it('sets terms and values side by side without the browser’s indent', () => {
  renderWithProviders(
    <TermList data-testid="terms">
      <dt>Company number</dt>
      <dd>01234567</dd>
    </TermList>,
  );
  expect(screen.getByTestId('terms')).toHaveStyle({
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
  });
  expect(screen.getByRole('definition')).toHaveStyle({ margin: '0px' });
  expect(screen.getByRole('term')).toHaveTextContent('Company number');
});
