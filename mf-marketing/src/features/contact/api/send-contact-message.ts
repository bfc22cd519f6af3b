import { getSupabaseClient, toAppError } from '@promatch/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from '@promatch/shared/validation';

/** The same limits as the contact_messages table's check constraints. */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(2, 'Please enter your name').max(200, 'Name is too long'),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(320),
  subject: z.string().trim().min(3, 'Please add a subject').max(200, 'Subject is too long'),
  message: z
    .string()
    .trim()
    .min(10, 'Please write at least 10 characters')
    .max(5000, 'Please keep your message under 5,000 characters'),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/**
 * Stores the message in contact_messages (anon may insert, never read back). The database limits
 * each address to 3 messages an hour (trigger contact_messages_rate_limit, HTTP 429).
 */
export async function sendContactMessage(input: ContactMessageInput): Promise<void> {
  const supabase = await getSupabaseClient();
  const { error } = await supabase
    .from('contact_messages')
    .insert(contactMessageSchema.parse(input));
  if (error) throw toAppError(error);
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
