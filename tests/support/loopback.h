#pragma once
// TCP on 127.0.0.1 for black-box tests: a listening socket on a free port, a connection to a
// port, and a free port number (bound once, then closed: another process could take it).

namespace testsupport {

// A listening socket on 127.0.0.1 with a kernel-chosen port (written to `port`); -1 on failure.
int listen_loopback(int& port);
// A connected socket to 127.0.0.1:port, or -1.
int connect_loopback(int port);
// The same from the source address `source` (any of 127.0.0.0/8, e.g. "127.0.0.2"), so a test
// can be several clients with distinct addresses; -1 on failure.
int connect_loopback_from(int port, const char* source);
// A port that was free a moment ago.
int free_loopback_port();

}  // namespace testsupport
