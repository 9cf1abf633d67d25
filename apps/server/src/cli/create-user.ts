import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { hashPassword } from '../auth/passwords.ts';
import { openStore } from '../store/db.ts';
import { lockDataDir } from '../store/lock.ts';
import { createAccount } from '../accounts/create.ts';
import { email, password, role, username } from '../accounts/fields.ts';
import { accountsDb } from '../accounts/schema.ts';
import { emailTaken, usernameTaken } from '../accounts/store.ts';

const USAGE = `npm run user:create -- --role staff --username NAME --email ADDRESS
  The password is read from standard input (first line) or asked for at a terminal.
  Same DATA_DIR / DATABASE_URL as the server; with the embedded store, stop the server first.`;

const Input = z.object({ username, email, password, role });

/** Reads the password: the first line of piped input, or typed twice at a terminal without echo. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput.bind(rl);
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => write(s.startsWith(prompt) ? s : '');
      rl.question(prompt, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  if ((await ask('Again: ')) !== first) throw new Error('The passwords differ');
  return first;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      role: { type: 'string', default: 'user' },
      username: { type: 'string' },
      email: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.username || !values.email) {
    process.stdout.write(`${USAGE}\n`);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const parsed = Input.safeParse({ username: values.username, email: values.email, role: values.role, password: await readPassword() });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const input = parsed.data;
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const db = accountsDb(store.db);
    if (await usernameTaken(db, input.username)) throw new Error(`The username ${input.username} is taken`);
    if (await emailTaken(db, input.email)) throw new Error(`An account already uses ${input.email}`);
    const passwordHash = await hashPassword(input.password);
    // The operator vouches for the address, so it starts verified.
    const userId = await db
      .transaction()
      .execute((trx) =>
        createAccount(
          trx,
          { username: input.username, email: input.email, passwordHash, role: input.role, emailVerified: true },
          { userId: null, via: 'cli', address: 'cli' },
        ),
      );
    process.stdout.write(`Created ${input.role} account ${input.username} (id ${userId}).\n`);
  } finally {
    await store.close();
    unlock();
  }
}

main().catch((err: Error) => {
  process.stderr.write(`user:create: ${err.message}\n`);
  process.exitCode = 1;
});
