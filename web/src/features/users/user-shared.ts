/** docs/product.md#business-constants: the user delete result shows for 5 s; other user messages use the same time. */
export const USER_MESSAGE_MS = 5000;

/** What the user detail page hands to the list when it navigates there after a delete. */
export type UsersPageState = { deleted?: boolean } | null;
