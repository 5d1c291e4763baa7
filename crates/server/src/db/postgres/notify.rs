//! Change notifications between servers: reading `NOTIFY hasami_games` payloads and the listening
//! connection that forwards other servers' changes.

use tokio_postgres::NoTls;

use super::settings::{BACKLOG, CHANNEL};
use crate::db::{side_from_text, Change, Changed, ChatLine, StoredMove};

/// One listening connection: forwards the game ids that other servers notify until it breaks or
/// nobody receives them any more.
pub(super) async fn listen_once(
    config: &tokio_postgres::Config,
    me: u64,
    tx: &tokio::sync::mpsc::Sender<Change>,
) -> Result<(), tokio_postgres::Error> {
    use futures_util::StreamExt;
    let (client, mut connection) = config.connect(NoTls).await?;
    let (found_tx, mut found) = tokio::sync::mpsc::channel::<Change>(BACKLOG);
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            let tokio_postgres::AsyncMessage::Notification(n) = message else {
                continue;
            };
            let Some((server, change)) = parse_change(n.payload()) else {
                continue;
            };
            if server == me {
                continue; // our own change: already applied
            }
            // A full backlog drops the notification (see BACKLOG).
            let _ = found_tx.try_send(change);
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    // Changes committed before this point were told to nobody here: the games are read again.
    let listening = Change {
        game: 0,
        what: Changed::Listening,
    };
    if tx.send(listening).await.is_ok() {
        while let Some(change) = found.recv().await {
            if tx.send(change).await.is_err() {
                break;
            }
        }
    }
    driver.abort();
    drop(client);
    Ok(())
}

/// Reads a notification: `SERVER GAME`, `SERVER GAME here` for a change of that server's presence,
/// `SERVER GAME PLY MOVE TIME CLOCK [CAPTURED…]` for a move appended (CLOCK `-` without clocks),
/// `SERVER GAME chat SIDE TIME PUBLIC TEXT…` for a chat message (PUBLIC `1` when both players let
/// spectators read; the text, which has no control characters, is the rest) or
/// `SERVER GAME chat-public BLACK WHITE` (`0`/`1` each) for the players' consent; the sending
/// server and the change.
pub(super) fn parse_change(payload: &str) -> Option<(u64, Change)> {
    let mut words = payload.split(' ');
    let server = words.next()?.parse().ok()?;
    let game = words.next()?.parse().ok()?;
    let rest: Vec<&str> = words.collect();
    let appended = || {
        let [ply, mv, time, clock, captured @ ..] = rest.as_slice() else {
            return None;
        };
        let clock = match *clock {
            "-" => None,
            c => Some(c.parse().ok()?),
        };
        Some(Changed::Appended(
            ply.parse().ok()?,
            StoredMove {
                mv: mv.to_string(),
                captured: captured.join(" "),
                time: time.parse().ok()?,
                clock,
            },
        ))
    };
    let what = match rest.as_slice() {
        ["here"] => Changed::Presence,
        ["chat-public", black, white] => Changed::ChatPublic([flag(black)?, flag(white)?]),
        ["chat", side, time, public, text @ ..] => Changed::Chat(
            ChatLine {
                side: side_from_text(side)?,
                text: text.join(" "),
                time: time.parse().ok()?,
            },
            flag(public)?,
        ),
        _ => appended().unwrap_or(Changed::Stored),
    };
    Some((server, Change { game, what }))
}

/// A flag in a notification: `0` or `1`.
fn flag(word: &str) -> Option<bool> {
    match word {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notifications_read_back() {
        let (server, c) = parse_change("7 42").unwrap();
        assert_eq!((server, c.game, c.what), (7, 42, Changed::Stored));
        let (_, c) = parse_change("7 42 3 e1e5 1000 - ").unwrap();
        let Changed::Appended(ply, m) = c.what else {
            panic!("{c:?}")
        };
        assert_eq!(
            (ply, m.mv.as_str(), m.time, m.clock),
            (3, "e1e5", 1000, None)
        );
        let (_, c) = parse_change("7 42 4 a1a2 1001 5900 b2 c2").unwrap();
        let Changed::Appended(_, m) = c.what else {
            panic!("{c:?}")
        };
        assert_eq!((m.clock, m.captured.as_str()), (Some(5900), "b2 c2"));
        assert!(parse_change("x 42").is_none());
        assert_eq!(
            parse_change("7 42 nonsense").unwrap().1.what,
            Changed::Stored
        );
        assert_eq!(parse_change("7 42 here").unwrap().1.what, Changed::Presence);
        let (_, c) = parse_change("7 42 chat white 1000 1 hi  <b>there</b> ").unwrap();
        let line = ChatLine {
            side: hasami_core::Side::Second,
            text: "hi  <b>there</b> ".into(),
            time: 1000,
        };
        assert_eq!(c.what, Changed::Chat(line, true));
        assert_eq!(
            parse_change("7 42 chat-public 1 0").unwrap().1.what,
            Changed::ChatPublic([true, false])
        );
        assert!(parse_change("7 42 chat red 1000 1 hi").is_none());
        assert_eq!(
            parse_change("7 42 here now").unwrap().1.what,
            Changed::Stored
        );
    }
}
