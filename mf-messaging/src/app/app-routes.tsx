import { Route, Routes } from 'react-router-dom';
import { CallPage } from '../features/calls/components/call-page';
import { MessagesPage } from '../features/conversations/messages-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/messages" element={<MessagesPage />} />
      <Route path="/messages/:conversationId" element={<MessagesPage />} />
      <Route path="/messages/:conversationId/call" element={<CallPage />} />
    </Routes>
  );
}
