/**
 * Which team-chat channel is open on screen right now (null when the chat screen is closed).
 * The notifications component reads it: no toast for the channel the user is looking at.
 */
let openChannel: string | null = null;

export function setOpenChannel(channelId: string | null): void {
  openChannel = channelId;
}

export function getOpenChannel(): string | null {
  return openChannel;
}
