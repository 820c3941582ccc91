#pragma once
// Throttling of POST /v1/tokens, POST /v1/session and POST /v1/accounts (domain/login_policy.h for
// the rules, storage::LoginLimits for the shared state). Both routes call admit_login() after
// validating their input and before hashing a password, so a refused attempt costs one or two
// statements and no hash.

#include <string>

#include "services/api/game_service.h"

namespace api {

enum class LoginKind { token, account };

// domain::HasherBusy (503 login_busy) at once when the password hashing queue is full; else
// 429 (GameError, with Retry-After and the limit's name) when the attempt must wait: the
// (username, address) pair is inside its failure backoff (tokens only; code login_backoff), or
// the bucket of the client address or of the username is empty (code rate_limited).
void admit_login(GameService& service, const Request& req, const std::string& username,
                 LoginKind kind);

// A password login (POST /v1/tokens, POST /v1/session): admit_login(), then the password check,
// recorded with record_login(). The account, or 401 bad_credentials. An unknown username costs
// the same hash as a wrong password, so neither timing nor the backoff tells them apart.
storage::AccountRecord verified_login(GameService& service, const Request& req,
                                      const std::string& username, const std::string& password);

// Counts a failed login for the (username, address) pair, or resets the count on success.
void record_login(GameService& service, const Request& req, const std::string& username, bool ok);

}  // namespace api
