import { Route, Routes } from 'react-router-dom';
import { UpcomingPage } from '../features/appointments/components/upcoming-page';
import { CallPage } from '../features/calls/components/call-page';
import { MessagesPage } from './messages/messages-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/messages" element={<MessagesPage />} />
      <Route path="/messages/upcoming" element={<UpcomingPage />} />
      <Route path="/messages/:conversationId" element={<MessagesPage />} />
      <Route path="/messages/:conversationId/call" element={<CallPage />} />
    </Routes>
  );
}
