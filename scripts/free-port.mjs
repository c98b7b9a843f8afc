// A free loopback port for a server a test starts later (PostgreSQL, the static site). Ports are
// drawn below 32768: Linux hands out 32768-60999 as client source ports, so a port there that was
// free a moment ago can be held by an outgoing connection when the server binds it.
import net from 'node:net';

export const LOW_PORT_MIN = 20000;
export const LOW_PORT_MAX = 32767;

/** @param {number} port @returns {Promise<boolean>} */
function bindable(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** @returns {Promise<number>} */
export async function freeLowPort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = LOW_PORT_MIN + Math.floor(Math.random() * (LOW_PORT_MAX - LOW_PORT_MIN + 1));
    if (await bindable(port)) return port;
  }
  throw new Error(`No free port between ${LOW_PORT_MIN} and ${LOW_PORT_MAX}`);
}
