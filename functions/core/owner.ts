/** A signed-in salon owner, as their verified access token names them (never as a request body does). */
export interface Owner {
  userId: string;
  username: string;
}
