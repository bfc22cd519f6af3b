import { Route, Routes } from 'react-router-dom';
import { MessagesPage } from '../features/conversations/messages-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/messages" element={<MessagesPage />} />
      <Route path="/messages/:conversationId" element={<MessagesPage />} />
    </Routes>
  );
}
