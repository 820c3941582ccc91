#pragma once
// `hexpostd mail-in`: one incoming message, from the MTA's pipe, applied to a game.
//
// The mail must be addressed to a move address (move+<game>.<seat>.<tag>@<domain>) whose tag
// matches the seat's player's secret, and come From that player's account address. Auto-replies
// are ignored; a Message-ID is applied once. Moves, resignations and draw offers go through the
// play pipeline, as the REST routes' do; a reply whose first line is no command is a message to
// the other players. A refused command gets one
// reply (an outbox row) with the reason and the board; an applied one gets none beyond the normal
// notifications.

#include <string>

#include "services/mail/inbound_parse.h"
#include "services/play/play_service.h"
#include "services/storage/mail_repository.h"
#include "services/storage/messages_repository.h"

namespace mail {

// sysexits.h values, as postfix's pipe and local delivery read them.
constexpr int kExitOk = 0;         // applied, refused with a reply, or ignored
constexpr int kExitNoUser = 67;    // EX_NOUSER: not a move address we know (bounce)
constexpr int kExitTempFail = 75;  // EX_TEMPFAIL: the database is down; the MTA retries

struct InboundResult {
  int exit_code = kExitOk;
  std::string outcome;  // one word for the log and mail_inbound.outcome
};

// `recipient`: the envelope recipient when the MTA passes it (postfix ${recipient}); else the
// message's To/Cc/Delivered-To/X-Original-To are searched for a move address.
// `messages` stores a reply whose first line is no command as a message (docs/mail.md).
InboundResult handle_inbound(play::PlayService& play, storage::MailRepository& repo,
                             storage::MessagesRepository& messages, const std::string& domain,
                             const std::string& raw, const std::string& recipient = "");

}  // namespace mail
