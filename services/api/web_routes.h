#pragma once
// The web client (docs/web.md): GET /assets/<name> serves the files of web/ compiled into the
// binary (web_assets.h), and each page route (/, /games/{id}, /tournaments/{id},
// /ratings/{game}, /players/{username}, /sign-in, /sign-up, /me) serves the one HTML shell,
// whose script reads the JSON API. Every answer carries an ETag (If-None-Match gives 304) and
// Cache-Control: no-cache, so a browser revalidates instead of running an older client; pages
// carry the security headers (a strict Content-Security-Policy: no inline script or style).

namespace api {

class Server;

void add_web_routes(Server& server);

}  // namespace api
