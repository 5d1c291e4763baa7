//! What one game keeps in memory for its chat (live/chat.rs): how fast each player may post, and
//! the channel its chat messages are sent to the game's sockets on. The messages themselves are
//! stored (db/chat.rs), not kept here, so a game's memory for its chat is small and fixed.

use std::sync::Arc;
use std::time::Duration;

use hasami_core::Side;
use tokio::sync::broadcast;
use tokio::time::Instant;

use crate::db::ChatLine;
use crate::live::error::GameError;
use crate::live::opponent::side_word;

/// The longest chat message, in characters (after trimming).
pub(crate) const MAX_CHAT_CHARS: usize = 300;
/// Messages a player may post at once, before the pace [`CHAT_EVERY`] holds.
pub(crate) const CHAT_BURST: u32 = 5;
/// One message per this long after a burst.
pub(crate) const CHAT_EVERY: Duration = Duration::from_secs(2);

/// A chat event sent to a game's sockets: its JSON, and whether spectators may have it (a message
/// when both players let spectators read, the players' consent itself); players always may.
#[derive(Debug)]
pub(crate) struct ChatNote {
    /// The WebSocket message.
    pub(crate) json: Arc<str>,
    /// Spectators' sockets get it too.
    pub(crate) public: bool,
}

/// One game's chat in memory: each side's pace and the channel of its chat events.
pub(crate) struct ChatRoom {
    /// When each side (first, second) may next post without exceeding its pace: a message is
    /// allowed while this is at most `(CHAT_BURST - 1) × CHAT_EVERY` ahead of now, and moves it
    /// `CHAT_EVERY` on (the generic cell rate algorithm: a burst, then a steady pace).
    next: [Option<Instant>; 2],
    /// Chat events, to every socket of the game (each filters what it may have).
    notes: broadcast::Sender<Arc<ChatNote>>,
}

impl Default for ChatRoom {
    fn default() -> Self {
        ChatRoom {
            next: [None; 2],
            notes: broadcast::channel(16).0,
        }
    }
}

impl ChatRoom {
    /// The chat events from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<ChatNote>> {
        self.notes.subscribe()
    }

    /// Counts a message of `side` posted `now` against its pace; how long to wait when it is too
    /// soon (then nothing is counted).
    pub(crate) fn pace(&mut self, side: Side, now: Instant) -> Result<(), Duration> {
        let next = &mut self.next[usize::from(side == Side::Second)];
        let at = next.map_or(now, |t| t.max(now));
        let slack = CHAT_EVERY * (CHAT_BURST - 1);
        let ahead = at - now;
        if ahead > slack {
            return Err(ahead - slack);
        }
        *next = Some(at + CHAT_EVERY);
        Ok(())
    }

    /// Sends a stored message to the sockets (to spectators' only when `public`).
    pub(crate) fn tell(&self, line: &ChatLine, public: bool) {
        let json = serde_json::json!({
            "type": "chat",
            "side": side_word(line.side),
            "text": line.text,
            "time": line.time,
        });
        self.send(json, public);
    }

    /// Sends the players' consent to spectators reading (first, second) to every socket.
    pub(crate) fn tell_public(&self, public: [bool; 2]) {
        let json = serde_json::json!({
            "type": "chat-public",
            "public": { "black": public[0], "white": public[1] },
        });
        self.send(json, true);
    }

    fn send(&self, json: serde_json::Value, public: bool) {
        let note = ChatNote {
            json: json.to_string().into(),
            public,
        };
        // No sockets is fine.
        let _ = self.notes.send(Arc::new(note));
    }
}

/// A chat message's text, trimmed: 1 to [`MAX_CHAT_CHARS`] characters, no control characters
/// (line breaks and tabs included: a message is one line).
pub(crate) fn check_text(text: &str) -> Result<String, GameError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(GameError::BadChat("it is empty"));
    }
    if text.chars().count() > MAX_CHAT_CHARS {
        return Err(GameError::BadChat("it is longer than 300 characters"));
    }
    if text.chars().any(char::is_control) {
        return Err(GameError::BadChat(
            "it has control characters (line breaks, tabs, …); send one line",
        ));
    }
    Ok(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_trimmed_bounded_in_characters_and_one_line() {
        assert_eq!(check_text("  hi  ").unwrap(), "hi");
        assert!(check_text("   ").is_err());
        let long = "é".repeat(MAX_CHAT_CHARS);
        assert_eq!(check_text(&long).unwrap(), long, "characters, not bytes");
        assert!(check_text(&format!("{long}x")).is_err());
        assert!(check_text("a\nb").is_err());
        assert!(check_text("a\u{7}b").is_err());
        assert!(check_text("<b>x</b> 👍🏽").is_ok());
    }

    #[test]
    fn a_burst_of_five_then_one_message_every_two_seconds() {
        let mut room = ChatRoom::default();
        let t = Instant::now();
        for _ in 0..CHAT_BURST {
            assert!(room.pace(Side::First, t).is_ok());
        }
        assert_eq!(room.pace(Side::First, t), Err(CHAT_EVERY));
        assert!(room.pace(Side::Second, t).is_ok(), "each side has its own");
        assert!(room.pace(Side::First, t + CHAT_EVERY / 2).is_err());
        assert!(room.pace(Side::First, t + CHAT_EVERY).is_ok());
        assert!(room.pace(Side::First, t + CHAT_EVERY).is_err());
        let later = t + CHAT_EVERY * 20;
        for _ in 0..CHAT_BURST {
            assert!(room.pace(Side::First, later).is_ok(), "a pause refills it");
        }
        assert!(room.pace(Side::First, later).is_err());
    }
}
