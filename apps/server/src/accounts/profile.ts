import { Hono, type Context } from 'hono';
import { bodyLimit } from '../http/body-limit.ts';
import { z } from 'zod';
import { actorOf, auditEvent } from '../auth/audit.ts';
import { authorize, authorizeUser } from '../auth/authorize.ts';
import { PASSWORD_HEADER } from '../auth/constants.ts';
import type { AuthEnv } from '../auth/context.ts';
import { subjectOf } from '../auth/principal.ts';
import { parseFields } from '../http/json-body.ts';
import type { AuthDeps } from '../auth/context.ts';
import type { MailDeps } from '../mail/outbox.ts';
import type { MediaDeps } from '../media-store/media-store.ts';
import { FieldError } from '../http/envelope.ts';
import { emailChangedMessage, verifyEmailMessage } from '../mail/messages.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { can } from '../permissions/can.ts';
import { linksOf } from '../http/origin.ts';
import { ApiError, envelope, newResponseId } from '../http/envelope.ts';
import { appendEvents } from '../store/events.ts';
import { removeAvatar, saveAvatar } from './avatar.ts';
import { confirmPassword } from './confirm-password.ts';
import { AVATAR_MAX_BYTES } from './constants.ts';
import { bio, displayName, email, userIdParam, webUrl } from './fields.ts';
import { issueMailedToken } from './mailed-tokens.ts';
import { loadProfile, privateProfile, publicProfile } from './profile-view.ts';
import { baseDb, accountsDb } from './schema.ts';
import { emailTaken } from './store.ts';
import { describe } from '../openapi/describe.ts';
import { PURGE_HEADER } from '@loopbox/edge';
import { ProfileAnswer, ProfileEditedAnswer, SOCIAL_NETWORKS } from '@loopbox/contract/accounts';
import type { Built } from '@loopbox/contract/common';
import { applicationsDb } from '../verified-channels/schema.ts';
import { applyUserFlags, namesUserFlag, UserFlagFields, userPurgeTags, type UserFlagChanges } from '../verified-channels/user-flags.ts';

const ProfileChanges = z
  .object({
    display_name: displayName.optional(),
    description: bio.optional(),
    website_url: webUrl('website_url').optional(),
    social_links: z
      .object(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, webUrl(n).optional()])))
      .strict()
      .optional(),
    email: email.optional(),
    // Staff only (user.flag): the verified badge, a public profile, attribution shown.
    ...UserFlagFields,
  })
  .strict();
type Changes = z.infer<typeof ProfileChanges>;
/** Links set to '' are removed. */
const withoutEmpty = (links: Record<string, string | undefined>) => Object.fromEntries(Object.entries(links).filter(([, url]) => url));
/** How many recent sign-ins a password-confirmed read shows. */
const SIGN_INS_SHOWN = 10;

/** The body of a PATCH: JSON, or multipart/form-data with an `avatar` file beside text fields. */
async function readChanges(c: Context): Promise<{ changes: Changes; avatar: Uint8Array | undefined }> {
  const type = c.req.header('content-type') ?? '';
  if (/^application\/json\b/i.test(type))
    return { changes: parseFields(ProfileChanges, await c.req.json().catch(() => undefined)), avatar: undefined };
  if (!/^multipart\/form-data\b/i.test(type)) throw new ApiError(415, 'Send JSON, or multipart/form-data with an avatar file');
  const { avatar, ...fields } = await c.req.parseBody();
  if (avatar !== undefined && !(avatar instanceof File)) throw new FieldError(400, 'avatar', 'avatar must be a file');
  return { changes: parseFields(ProfileChanges, fields), avatar: avatar ? new Uint8Array(await avatar.arrayBuffer()) : undefined };
}

/**
 * GET /api/v1/users/{id}/: a public profile to anyone (hidden users: only to themselves and staff,
 * otherwise the same 404 as an unknown id), private fields to the user and staff, and with the
 * caller's password in the X-Password header their recent sign-ins. PATCH changes display name, bio,
 * links, avatar and e-mail (the new address must be confirmed by mail; changing it needs X-Password).
 */
export function profileRoutes(deps: AuthDeps & MailDeps & MediaDeps) {
  const db = accountsDb(deps.db);
  const app = new Hono<AuthEnv>();

  app.get(
    '/api/v1/users/:id/',
    describe({
      tag: 'accounts',
      summary: "A user's profile",
      description:
        "The private fields (e-mail, role) for the user themselves and staff; sending the `X-Password` header re-confirms the caller's password.",
      response: ProfileAnswer,
      access: { permission: 'profile.read' },
      params: userIdParam,
    }),
    async (c) => {
      const { id } = parseFields(userIdParam, c.req.param());
      const principal = await authorize(c, 'profile.read');
      const privateView = can(subjectOf(principal), 'profile.read_private', id);
      const row = await loadProfile(db, id);
      if (!row || (!row.is_public && !privateView)) throw new ApiError(404, `User ${id} not found`);
      const links = linksOf(c, deps);
      let data: Built<typeof ProfileAnswer>['data'] = privateView ? privateProfile(row, links) : publicProfile(row, links);
      const password = c.req.header(PASSWORD_HEADER);
      if (password !== undefined) {
        if (principal.kind === 'anonymous' || !privateView)
          throw new FieldError(
            403,
            'password',
            `${PASSWORD_HEADER} confirms your own password for your own or, as staff, anyone's private reads`,
          );
        await confirmPassword(db, deps.limits, principal.userId, password, 'password');
        const signIns = await db
          .selectFrom('sessions')
          .select(['created_at', 'address', 'user_agent', 'revoked_at', 'expires_at'])
          .where('user_id', '=', id)
          .orderBy('created_at', 'desc')
          .limit(SIGN_INS_SHOWN)
          .execute();
        data = { ...privateProfile(row, links), sign_ins: signIns };
      }
      return c.json(envelope(data, newResponseId()), 200, { 'Cache-Control': 'private, no-store' });
    },
  );

  app.patch(
    '/api/v1/users/:id/',
    describe({
      tag: 'accounts',
      summary: 'Edit a profile',
      description: `JSON, or a multipart form that may carry an \`avatar\` image (at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB). Staff (\`user.flag\`) also set \`is_verified\`, \`is_public\` and \`suppress_chrome\`, each change logged in the audit trail.`,
      response: ProfileEditedAnswer,
      access: { permission: 'profile.edit' },
      alsoAsks: ['user.flag'],
      params: userIdParam,
      body: ProfileChanges,
    }),
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new FieldError(413, 'avatar', `avatar must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`);
      },
    }),
    async (c) => {
      const { id } = parseFields(userIdParam, c.req.param());
      const principal = await authorizeUser(c, 'profile.edit', id);
      const before = await loadProfile(db, id);
      if (!before) throw new ApiError(404, `User ${id} not found`);
      const { changes, avatar } = await readChanges(c);
      if (namesUserFlag(changes)) await authorizeUser(c, 'user.flag', id);
      const newEmail =
        changes.email !== undefined && changes.email.toLowerCase() !== before.email?.toLowerCase() ? changes.email : undefined;
      if (newEmail !== undefined) {
        if (before.email === null) throw new FieldError(400, 'email', 'This user has no account to change the e-mail of');
        const password = c.req.header(PASSWORD_HEADER);
        if (password === undefined)
          throw new FieldError(403, 'password', `Changing the e-mail needs your password in the ${PASSWORD_HEADER} header`);
        await confirmPassword(db, deps.limits, principal.userId, password, 'password');
        if (await emailTaken(db, newEmail, id)) throw new FieldError(409, 'email', 'An account already uses that e-mail address');
        await deps.limits.count('mailsPerEmail', newEmail);
      }
      const avatarPath = avatar ? await saveAvatar(deps.mediaStore, before.username, avatar) : undefined;
      const { email: _, social_links, is_verified, is_public, suppress_chrome, ...fields } = changes;
      const flags: UserFlagChanges = { is_verified, is_public, suppress_chrome };
      let flagged: string[] = [];
      const changed = [...Object.keys(fields), ...(social_links ? ['social_links'] : []), ...(avatarPath ? ['avatar'] : [])];
      const actor = actorOf(principal, c.var.auth.address);
      try {
        await db.transaction().execute(async (trx) => {
          if (changed.length > 0) {
            await trx
              .updateTable('users')
              .set({
                ...fields,
                ...(fields.display_name !== undefined ? { attribution_display_name: fields.display_name } : {}),
                ...(social_links ? { social_links: JSON.stringify(withoutEmpty({ ...before.social_links, ...social_links })) } : {}),
                ...(avatarPath ? { avatar: avatarPath } : {}),
              })
              .where('id', '=', id)
              .execute();
            await appendEvents(baseDb(trx), [auditEvent('profile.updated', id, actor, { fields: changed })]);
          }
          if (namesUserFlag(flags)) flagged = await applyUserFlags(applicationsDb(baseDb(trx)), id, flags, actor);
          if (newEmail !== undefined && before.email !== null) {
            const token = await issueMailedToken(trx, id, 'verify_email', newEmail);
            await enqueueMail(trx, newEmail, verifyEmailMessage(deps.linkOrigin.get(), before.username, token));
            await enqueueMail(trx, before.email, emailChangedMessage(before.username, newEmail));
            await appendEvents(baseDb(trx), [auditEvent('email.change_requested', id, actor, { to: newEmail })]);
          }
        });
      } catch (err) {
        if (avatarPath) await removeAvatar(deps.mediaStore, avatarPath);
        throw err;
      }
      if (avatarPath) await removeAvatar(deps.mediaStore, before.avatar);
      if (newEmail !== undefined) deps.onMailQueued?.();
      const after = await loadProfile(db, id);
      return c.json(
        envelope(
          { ...privateProfile(after ?? before, linksOf(c, deps)), ...(newEmail ? { email_change_pending: newEmail } : {}) },
          newResponseId(),
        ),
        200,
        flagged.length > 0 ? { [PURGE_HEADER]: userPurgeTags() } : {},
      );
    },
  );

  return app;
}
