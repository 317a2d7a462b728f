/**
 * `OWNER#<userId>` / `DELETED`: the tombstone account deletion leaves for the owner's user id
 * (RELIABILITY 35). An access token outlives the login it was issued to (API Gateway's JWT
 * authorizer never hears of a sign-out or a deleted user), so while the tombstone is in force the
 * owner routes refuse that user id and nothing of the salon can be created again. It sits outside
 * the salon's partition, so removing the salon's items leaves it in place.
 */
export interface DeletedOwners {
  /** Tombstones the owner until `until`; writing it again (a re-run deletion) renews it. */
  mark(userId: string, deletedAt: Date, until: Date): Promise<void>;
  isDeleted(userId: string, now: Date): Promise<boolean>;
}
