import net from 'node:net';
import { createSmtpMailer } from './smtp-mailer.ts';

/** A minimal SMTP server on a free port: answers every command and keeps each message's data. */
async function startSmtpServer() {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost ESMTP test');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          messages.push(current);
          current = { from: '', to: [], data: '' };
          inData = false;
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        reply(verb === 'DATA' ? '354 go ahead' : verb === 'QUIT' ? '221 bye' : '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, messages, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe('the SMTP mailer', () => {
  it('delivers a message to the SMTP server in the URL, with its sender, recipient and bodies', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createSmtpMailer(
        `smtp://127.0.0.1:${smtp.port}`,
        'ProMatch <no-reply@example.com>',
      );
      expect(mailer.kind).toBe('smtp');
      await mailer.send({
        to: 'client@example.com',
        subject: 'Your sign-in link',
        text: 'Open the link to sign in.',
        html: '<p>Open the link to sign in.</p>',
        links: [{ label: 'Sign in', url: 'http://localhost:3000/login' }],
      });
      expect(smtp.messages).toHaveLength(1);
      const [message] = smtp.messages;
      expect(message.from).toContain('no-reply@example.com');
      expect(message.to.join(' ')).toContain('client@example.com');
      expect(message.data).toContain('Subject: Your sign-in link');
      expect(message.data).toContain('Open the link to sign in.');
    } finally {
      await smtp.close();
    }
  });
});
