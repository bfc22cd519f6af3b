import { Page } from '@promatch/shared';

export const MessagesPage = () => (
  <Page
    heading="Messages"
    lead="Your conversations with professionals and businesses, calls and appointments."
  />
);
