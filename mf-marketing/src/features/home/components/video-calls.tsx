import { Button } from '@promatch/shared';
import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { FeatureGrid, type Feature } from './feature-grid';

/**
 * What the calls built into messaging do today (mf-messaging's calls and appointments features):
 * every signed-in pair with a conversation can call, so the button leads to search, not a filter.
 */
export const VIDEO_FEATURES: readonly Feature[] = [
  {
    title: 'Video calls in the conversation',
    text: 'Start a call from any conversation, with camera and microphone checks first and video up to HD (720p) when your camera supports it.',
  },
  {
    title: 'Screen sharing',
    text: 'Share your screen during a call to walk through a brief, a design or a spreadsheet together.',
  },
  {
    title: 'Recording, only with consent',
    text: 'Either side can ask to record; recording starts only when the other person agrees, and the recording is saved to your files.',
  },
  {
    title: 'Book a call',
    text: 'Pick a time on a professional’s profile or in the conversation; both of you get reminders 24 hours and 15 minutes before.',
  },
];

const CallToAction = styled.p`
  margin-top: 1.25rem;
`;

/** The home page's video section: the features, then a way to find someone to call. */
export function VideoCalls() {
  return (
    <>
      <FeatureGrid features={VIDEO_FEATURES} />
      <CallToAction>
        <Button as={Link} to="/search" $variant="cta">
          Find Video-Enabled Professionals
        </Button>
      </CallToAction>
    </>
  );
}
