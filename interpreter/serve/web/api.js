// Talking to `cardboard serve`: JSON in, JSON out. A refusal carries the
// server's message and status (docs/serve.md lists them) so the page can
// show the message and, for 409 (somebody acted meanwhile), reload.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!response.ok) {
    const message = body && typeof body.error === 'string' ? body.error : `the server answered ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return body;
}

export async function getJSON(path) {
  // No headers of its own: a page's first requests, preloaded by its HTML
  // (server.cc), must match them to be reused.
  return answer(await fetch(path, {credentials: 'same-origin'}));
}

export async function postJSON(path, body) {
  return answer(
    await fetch(path, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      credentials: 'same-origin',
      body: JSON.stringify(body),
    }),
  );
}
