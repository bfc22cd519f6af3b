import { Button, VisuallyHidden } from '@promatch/shared';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import styled from 'styled-components';

const Form = styled.form`
  display: flex;
  gap: 0.5rem;
  align-items: flex-end;
  padding: 0.75rem;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const TextArea = styled.textarea`
  flex: 1;
  min-height: 2.75rem;
  max-height: 10rem;
  resize: vertical;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

export interface ComposerProps {
  onSend(text: string): void;
  onTyping(): void;
  /** Present when files can be attached (the conversation exists); answers an error or null. */
  onAttach?: (file: File) => Promise<string | null>;
  disabledReason?: string;
}

/** Enter sends, Shift+Enter starts a new line. */
const AttachError = styled.p`
  margin: 0 ${({ theme }) => theme.space.md};
`;

export function Composer({ onSend, onTyping, onAttach, disabledReason }: ComposerProps) {
  const [text, setText] = useState('');
  const [attaching, setAttaching] = useState(false);
  const [attachError, setAttachError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!text.trim() || disabledReason) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  const onFile = async (file: File | undefined) => {
    if (!file || !onAttach) return;
    setAttaching(true);
    setAttachError(await onAttach(file));
    setAttaching(false);
    if (fileRef.current) fileRef.current.value = '';
  };

  if (disabledReason)
    return (
      <Form as="div" role="status">
        {disabledReason}
      </Form>
    );
  return (
    <>
      {attachError ? <AttachError role="alert">{attachError}</AttachError> : null}
      <Form onSubmit={submit}>
        <VisuallyHidden as="label" htmlFor={`${id}-text`}>
          Message
        </VisuallyHidden>
        <TextArea
          id={`${id}-text`}
          value={text}
          placeholder="Write a message"
          rows={1}
          onChange={(event) => {
            setText(event.target.value);
            onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        {onAttach ? (
          <>
            <VisuallyHidden as="label" htmlFor={`${id}-file`}>
              Attach a file
            </VisuallyHidden>
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              hidden
              onChange={(event) => void onFile(event.target.files?.[0])}
            />
            <Button
              type="button"
              $variant="outline"
              disabled={attaching}
              onClick={() => fileRef.current?.click()}
            >
              {attaching ? 'Uploading…' : 'Attach'}
            </Button>
          </>
        ) : null}
        <Button type="submit" disabled={!text.trim()}>
          Send
        </Button>
      </Form>
    </>
  );
}
