import { z } from 'zod';

/**
 * The queue names admins maintain (issue 34.5): a `route` rule sends ads to one of them
 * (docs/decisions/0030-moderation-rules.md). Names are trimmed and unique whatever their case.
 */
export const MAX_QUEUE_NAME = 40;

export const queueMessages = {
  nameRequired: 'Please enter a queue name',
  nameTooLong: `A queue name can be at most ${MAX_QUEUE_NAME} characters`,
  nameTaken: 'A queue with this name already exists',
  notFound: 'Queue not found',
  /** DELETE refused while a rule routes ads to the queue. */
  inUse: (queue: string, rules: readonly string[]) =>
    `"${queue}" is used by ${rules.length === 1 ? 'the rule' : 'the rules'} ${rules.map((r) => `"${r}"`).join(', ')}: change or delete ${rules.length === 1 ? 'that rule' : 'those rules'} first`,
} as const;

export const moderationQueue = z.object({ name: z.string(), createdAt: z.string() });
export type ModerationQueue = z.infer<typeof moderationQueue>;

/** GET /api/moderation-queues: by name. */
export const moderationQueuesResponse = z.object({ success: z.literal(true), queues: z.array(moderationQueue) });
export type ModerationQueuesResponse = z.infer<typeof moderationQueuesResponse>;

export const queueName = z
  .string({ error: queueMessages.nameRequired })
  .trim()
  .min(1, queueMessages.nameRequired)
  .max(MAX_QUEUE_NAME, queueMessages.nameTooLong);

/** POST /api/moderation-queues. */
export const moderationQueueBody = z.strictObject({ name: queueName });
export const moderationQueueResponse = z.object({ success: z.literal(true), queue: moderationQueue });

/** DELETE /api/moderation-queues/{name}: the name in any case. */
export const moderationQueueParam = z.object({ name: z.string().min(1).max(200) });
