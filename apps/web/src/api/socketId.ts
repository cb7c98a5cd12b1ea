// The realtime connection id, sent so that the server does not echo our own changes back to us.
// Empty until the realtime client connects and sets it.
let socketId = '';

export function setSocketId(id: string): void {
  socketId = id;
}

export function getSocketId(): string {
  return socketId;
}
