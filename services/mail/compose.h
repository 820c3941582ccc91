#pragma once
// Turns an outbox row into the mail to send: gathers the recipient, the game (board from the
// recipient's seat, last move, time left, legal-move count) and the move address, then renders
// with render.h. Reads through the repositories, one pooled connection at a time.

#include <optional>

#include "lib/clock/clock.h"
#include "services/domain/game_logic.h"
#include "services/storage/games_repository.h"
#include "services/storage/mail_repository.h"

namespace mail {

struct MailOptions;

struct ComposeContext {
  storage::MailRepository& mail;
  storage::GamesRepository& games;
  const domain::Catalog& catalog;
  const MailOptions& options;
  hxclock::TimePoint now;
};

// Empty when the recipient no longer exists.
std::optional<storage::RenderedRow> compose(const storage::OutboxItem& item,
                                            const ComposeContext& context);

// The base of links in mails: HEXPOST_PUBLIC_URL, or https://<HEXPOST_MAIL_DOMAIN> without it.
std::string public_base(const MailOptions& options);
// The game's web page: public_base() + "/games/" + id.
std::string game_page_url(const MailOptions& options, storage::Id game_id);
// The one-click unsubscribe URL of a kind for an account.
std::string unsubscribe_url(const MailOptions& options, storage::Id account_id,
                            const std::string& secret, const std::string& kind);

}  // namespace mail
