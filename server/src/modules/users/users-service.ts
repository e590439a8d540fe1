import {
  exportText,
  userMessages,
  type ListedUser,
  type PublicUser,
  type UserDetailResponse,
  type UserCountQuery,
  type UserListQuery,
  type UserListResponse,
  type UserUpdateBody,
} from '@backoffice/contract';
import { recordAudit, recordAuditMany } from '../../domain/audit-writer';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { totalShownByPage } from '../../lib/paging';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { storageKey, type FileStorage } from '../../storage/file-storage';
import { deleteOtherSessions, deleteSessionsOfUser, toPublicUser } from '../../db/identity-repository';
import { removeUnreferencedImages } from '../ads/ads-service';
import { actAs } from '../../domain/acting-admin';
import * as exportRepo from './users-export-repository';
import * as repo from './users-repository';
import { checkAdminsKept, lockAdminRoles, roleFieldsOf } from './user-roles';
import { taken, uniqueViolation, userChanges } from './user-edit-audit';

type Log = { warn(obj: object, msg: string): void };

/** One id's outcome in a bulk call. */
type BulkResult = { id: string; ok: boolean; message?: string };

/** The signed-in administrator making the change. */
export type Actor = { id: string; tokenHash: string };

/** docs/product.md#user-management and docs/product.md#user-detail; docs/decisions/0012-access-control.md (sessions) and docs/decisions/0004-users.md (rules). */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly log: Log,
  ) {}

  /**
   * Without a search, the total is the role's count (one row of user_counts, read by the page's
   * own statement). A search's total has to visit every match (4,348 of 100,000 for 'perera': 11 ms), so the
   * list answers it only when its page shows the end of the matches: the client counts once per
   * search (`count`). `from`, here and in the counts and export: where a request's list reads go
   * (ModuleDeps.reader: the replica when fresh enough), the primary by default.
   */
  async list(q: UserListQuery, from: Db = this.db): Promise<UserListResponse> {
    const { rows, kept } = await repo.findUsersPage(from, q);
    const list: ListedUser[] = rows.map((r) => ({ ...toPublicUser(r.user), adStats: r.adStats }));
    // Without a search the page's statement read the role's count; an empty page asks it alone.
    // A status filter is counted like a search: by GET /api/users/count, once per filter.
    const filtered = q.q || q.status !== 'all';
    const total = filtered ? totalShownByPage(q, rows.length) : (kept ?? (await repo.countUsers(from, q)));
    return { users: list, total, page: q.page, pageSize: q.pageSize };
  }

  /** The exact number of users a search matches (the total the list leaves to the client). */
  async count(q: UserCountQuery, from: Db = this.db): Promise<number> {
    return repo.countUsers(from, q);
  }

  async get(id: string): Promise<UserDetailResponse> {
    const user = await repo.findUserById(this.db, id);
    if (!user) throw new NotFoundError(userMessages.notFound);
    return { user: toPublicUser(user), adStats: await repo.adStatsOf(this.db, id) };
  }

  /**
   * The user edit (docs/product.md#validation-rules, docs/product.md#calls). The password changes only when one is given. A new password or lost admin
   * rights end the user's sessions (docs/decisions/0012-access-control.md); an admin changing their own password keeps the session
   * they are using. Nobody demotes themselves, and the last admin stays an admin (docs/decisions/0004-users.md).
   */
  async update(id: string, body: UserUpdateBody, actor: Actor): Promise<PublicUser> {
    if (body.password && id === actor.id) await this.checkCurrentPassword(id, body.currentPassword);
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    try {
      const row = await this.db.transaction(async (tx) => {
        // An edit that leaves the user without admin rights may demote one: every admin is locked
        // first, then the user, in the delete's order; whether it demotes is read under the lock.
        const admins = await lockAdminRoles(tx);
        const current = await repo.lockUser(tx, id);
        if (!current) throw new NotFoundError(userMessages.notFound);
        // The role and categories (docs/decisions/0033-roles.md); the last administrator stays one.
        const roles = roleFieldsOf(current, body);
        checkAdminsKept(
          current,
          { isAdmin: body.isAdmin, role: body.isAdmin ? (roles.role ?? 'administrator') : null },
          admins,
          actor.id,
        );
        const clash = await repo.findTakenFields(tx, body, id);
        if (clash.email) throw taken('email');
        if (clash.username) throw taken('username');

        const updated = await repo.updateUser(tx, id, {
          username: body.username,
          email: body.email,
          mobile: body.mobile,
          isAdmin: body.isAdmin,
          isVerified: body.isVerified,
          ...roles,
          ...(body.language ? { language: body.language } : {}),
          ...(passwordHash ? { passwordHash } : {}),
        });
        if (current.username !== updated.username) await repo.renameAdsOfUser(tx, id, updated.username);
        await recordAudit(tx, {
          entity: 'user',
          entityId: id,
          entityLabel: updated.username,
          action: 'updated',
          actorId: actor.id,
          at: this.clock(),
          details: userChanges(current, updated, Boolean(passwordHash)),
        });
        if (current.isAdmin && !updated.isAdmin) await deleteSessionsOfUser(tx, id);
        else if (passwordHash) {
          if (id === actor.id) await deleteOtherSessions(tx, id, actor.tokenHash);
          else await deleteSessionsOfUser(tx, id);
        }
        return updated;
      });
      return toPublicUser(row);
    } catch (err) {
      throw uniqueViolation(err) ?? err;
    }
  }

  /**
   * A stolen session must not be enough to take the account over: admins setting their own new
   * password prove they know the current one. Another admin's password is reset without it.
   */
  private async checkCurrentPassword(id: string, currentPassword: string | undefined): Promise<void> {
    if (!currentPassword) {
      const message = userMessages.currentPasswordRequired;
      throw new ValidationError(message, { currentPassword: message });
    }
    const self = await repo.findUserById(this.db, id);
    if (!self) throw new NotFoundError(userMessages.notFound);
    if (!(await verifyPassword(self.passwordHash, currentPassword))) {
      const message = userMessages.currentPasswordIncorrect;
      throw new AppError(403, message, { currentPassword: message });
    }
  }

  /**
   * docs/decisions/0004-users.md: the user, their ads (with a moderation event each) and their sessions go in one
   * transaction; image files no other ad uses, and the profile picture, are removed after it.
   */
  async delete(id: string, actor: Actor, opts: { refuseAdmins?: boolean } = {}): Promise<void> {
    if (id === actor.id) throw new ConflictError(userMessages.cannotDeleteSelf);
    const { images, picture } = await this.db.transaction(async (tx) => {
      // The live events of the ads deleted with the user name the admin who deleted them.
      await actAs(tx, actor.id);
      // Locked in the edit's order, every admin and then the user, so two requests never wait on
      // each other in a circle. Each lock waits for a role change in flight and reads its outcome:
      // a user promoted meanwhile is an admin here (issue 38). The bulk delete refuses admins, so
      // it needs no other row than the user's.
      const admins = opts.refuseAdmins ? [] : await lockAdminRoles(tx);
      const target = await repo.lockUser(tx, id);
      if (!target) throw new NotFoundError(userMessages.notFound);
      if (target.isAdmin) {
        if (opts.refuseAdmins) throw new ConflictError(exportText.cannotDeleteAdmin);
        // The admins that remain are the locked ones (one promoted while this waited is not among them).
        checkAdminsKept(target, null, admins, actor.id);
      }
      const images = await repo.deleteAdsOfUser(tx, id, {
        adminId: actor.id,
        at: this.clock(),
        reason: 'User deleted',
      });
      // Ended here rather than by the cascade, so that their open event streams are told (identity-repository.ts).
      await deleteSessionsOfUser(tx, id);
      const deleted = await repo.deleteUserRow(tx, id);
      if (!deleted) throw new NotFoundError(userMessages.notFound);
      await recordAudit(tx, {
        entity: 'user',
        entityId: id,
        entityLabel: deleted.username,
        action: 'deleted',
        actorId: actor.id,
        at: this.clock(),
      });
      return { images, picture: deleted.profilePicture };
    });
    await this.removeFiles(images, picture);
  }

  /**
   * Each user deleted on its own as the single delete does (own transaction, files after its
   * commit), in order; one result per id. Admins are refused here: an admin account is removed one
   * at a time, from its own page.
   */
  async bulkDelete(ids: string[], actor: Actor): Promise<BulkResult[]> {
    const results: BulkResult[] = [];
    for (const id of new Set(ids)) {
      try {
        await this.delete(id, actor, { refuseAdmins: true });
        results.push({ id, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ id, ok: false, message: err.message });
      }
    }
    return results;
  }

  /**
   * The verification queue's Verify (docs/decisions/0028-verification-queue-and-confirmations.md):
   * every advertiser of `ids` not verified yet becomes verified, with an audit entry each (an edit
   * of isVerified, as the Edit dialog records it), in one transaction; the others get a reason.
   */
  async bulkVerify(ids: string[], actor: Actor): Promise<BulkResult[]> {
    const unique = [...new Set(ids)];
    return this.db.transaction(async (tx) => {
      const found = new Map((await repo.lockUsers(tx, unique)).map((u) => [u.id, u]));
      const results: BulkResult[] = [];
      const verify: Array<{ id: string; username: string }> = [];
      for (const id of unique) {
        const user = found.get(id);
        const refused = !user
          ? userMessages.notFound
          : user.isAdmin
            ? userMessages.cannotVerifyAdmin
            : user.isVerified
              ? userMessages.alreadyVerified
              : null;
        if (refused) results.push({ id, ok: false, message: refused });
        else {
          results.push({ id, ok: true });
          verify.push(user!);
        }
      }
      await repo.verifyUsers(
        tx,
        verify.map((u) => u.id),
      );
      const at = this.clock();
      await recordAuditMany(
        tx,
        verify.map((u) => ({
          entity: 'user' as const,
          entityId: u.id,
          entityLabel: u.username,
          action: 'updated' as const,
          actorId: actor.id,
          at,
          details: { fields: ['isVerified'], from: 'unverified', to: 'verified' },
        })),
      );
      return results;
    });
  }

  /** Advertisers for the CSV export, in the list's order, `size` per statement. */
  exportBatches(f: exportRepo.UserExportFilter, size: number, from: Db = this.db) {
    return exportRepo.userBatches(from, f, size);
  }

  countForExport(f: exportRepo.UserExportFilter, from: Db = this.db): Promise<number> {
    return exportRepo.countUsersToExport(from, f);
  }

  /** A failure here is logged; it never undoes the committed delete. */
  private async removeFiles(images: string[], picture: string | null): Promise<void> {
    try {
      await removeUnreferencedImages(this.db, this.storage, images, this.log);
      const pictureKey = picture ? storageKey(picture) : null;
      // Only files under profiles/ are ours to remove; shared demo pictures stay while in use.
      if (pictureKey?.startsWith('profiles/') && !(await repo.profilePictureInUse(this.db, picture!)))
        await this.storage.remove(pictureKey);
    } catch (err) {
      this.log.warn({ err, images, picture }, 'could not remove files of a deleted user');
    }
  }
}
