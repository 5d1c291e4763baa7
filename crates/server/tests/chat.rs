//! Chat between the two players of an online game: posting and reading back (after a restart too),
//! the text's bounds, the pace (429), the 500 messages a game keeps, who may post, spectators kept
//! out until both players allow, the messages over the game's WebSocket, and two servers on one
//! PostgreSQL store (a message posted on one reaches a socket on the other and reads back there).

mod common;

use std::time::Duration;

use common::postgres::Postgres;
use common::{create, error_of, online_game, server, Server, Ws};
use hasami_server::Limits;
use serde_json::{json, Value};

/// Posts `text` as the holder of `token`.
fn say(s: &Server, id: i64, token: &str, text: &str) -> (u16, Value) {
    s.post(
        &format!("/api/games/{id}/chat"),
        &json!({"token": token, "text": text}),
    )
}

/// The chat as the holder of `token` (none: a spectator) reads it.
fn chat(s: &Server, id: i64, token: Option<&str>) -> Value {
    let path = match token {
        Some(t) => format!("/api/games/{id}/chat?token={t}"),
        None => format!("/api/games/{id}/chat"),
    };
    let (status, v) = s.get(&path);
    assert_eq!(status, 200, "{v}");
    v
}

fn texts(v: &Value) -> Vec<String> {
    v["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_string())
        .collect()
}

fn allow(s: &Server, id: i64, token: &str, allow: bool) -> Value {
    s.post_ok(
        &format!("/api/games/{id}/chat/public"),
        &json!({"token": token, "allow": allow}),
    )
}

/// The next chat message on `ws` within a few seconds (other messages skipped), if any.
fn next_chat(ws: &mut Ws) -> Option<Value> {
    ws.wait_for(Duration::from_secs(5), |m| m["type"] == "chat")
}

#[test]
fn players_post_and_read_back_their_chat_after_a_restart() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    let (status, m) = say(&s, id, &black, "  hello <b>x</b>  ");
    assert_eq!(status, 200, "{m}");
    assert_eq!(
        (m["side"].as_str(), m["text"].as_str()),
        (Some("black"), Some("hello <b>x</b>"))
    );
    assert!(m["time"].as_i64().unwrap() > 0);
    assert_eq!(say(&s, id, &white, "héllo ✓").0, 200);
    for token in [&black, &white] {
        let v = chat(&s, id, Some(token));
        assert_eq!(texts(&v), ["hello <b>x</b>", "héllo ✓"]);
        assert_eq!(v["messages"][1]["side"], "white");
        assert_eq!(v["public"], json!({"black": false, "white": false}));
    }
    // Read back from the store by a server started afresh.
    let db = s.db.clone();
    s.stop();
    let s = Server::start(&db);
    assert_eq!(
        texts(&chat(&s, id, Some(&white))),
        ["hello <b>x</b>", "héllo ✓"]
    );
    // Post-game talk: the chat stays open after the game ends.
    s.post_ok(&format!("/api/games/{id}/resign"), &json!({"token": black}));
    assert_eq!(say(&s, id, &white, "good game").0, 200);
}

#[test]
fn a_message_is_one_line_of_one_to_300_characters() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    let refused = |token: &str, text: &str| {
        let (status, v) = say(&s, id, token, text);
        assert_eq!(status, 400, "{text:?}: {v}");
        assert!(error_of(&v).starts_with("bad chat message"), "{v}");
    };
    refused(&black, "");
    refused(&black, " \t ");
    refused(&black, &"é".repeat(301));
    refused(&black, "two\nlines");
    refused(&black, "bell\u{7}");
    refused(&black, "nul\u{0}");
    let long = "é".repeat(300);
    assert_eq!(say(&s, id, &white, &long).0, 200, "characters, not bytes");
    let (status, v) = s.post(
        &format!("/api/games/{id}/chat"),
        &json!({"token": black, "text": "x", "more": 1}),
    );
    assert_eq!(status, 400, "{v}");
    assert_eq!(texts(&chat(&s, id, Some(&black))), [long]);
}

#[test]
fn only_the_players_of_an_online_game_post() {
    let (_dir, s) = server();
    let (id, _, _) = online_game(&s, json!({}));
    let (status, v) = s.post(&format!("/api/games/{id}/chat"), &json!({"text": "hi"}));
    assert_eq!(status, 401, "{v}");
    let (status, v) = say(&s, id, "not-a-token", "hi");
    assert_eq!(status, 403, "{v}");
    assert!(error_of(&v).contains("does not play"), "{v}");
    let (status, _) = s.post(
        &format!("/api/games/{id}/chat/public"),
        &json!({"token": "not-a-token", "allow": true}),
    );
    assert_eq!(status, 403);
    let c = create(
        &s,
        json!({"variant": "hasami", "opponent": "engine", "side": "black"}),
    );
    let engine = c["id"].as_i64().unwrap();
    let (status, v) = say(&s, engine, c["token"].as_str().unwrap(), "hi");
    assert_eq!(status, 400, "{v}");
    assert!(error_of(&v).contains("only for online games"), "{v}");
    assert_eq!(
        s.post(
            &format!("/api/games/{}/chat", id + 1000),
            &json!({"text": "x"})
        )
        .0,
        404
    );
}

#[test]
fn five_messages_at_once_then_one_every_two_seconds() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    for i in 0..5 {
        assert_eq!(say(&s, id, &black, &format!("m{i}")).0, 200);
    }
    let (status, v) = say(&s, id, &black, "one too many");
    assert_eq!(status, 429, "{v}");
    assert!(error_of(&v).contains("too many chat messages"), "{v}");
    assert_eq!(say(&s, id, &white, "each side has its own pace").0, 200);
    std::thread::sleep(Duration::from_millis(2100));
    assert_eq!(say(&s, id, &black, "after a pause").0, 200);
    assert_eq!(say(&s, id, &black, "too soon").0, 429);
    assert_eq!(texts(&chat(&s, id, Some(&black))).len(), 7);
}

#[test]
fn a_game_keeps_at_most_500_messages() {
    let (_dir, s) = server();
    let (id, black, _) = online_game(&s, json!({}));
    let conn = rusqlite::Connection::open(&s.db).unwrap();
    conn.busy_timeout(Duration::from_secs(5)).unwrap();
    for i in 0..500 {
        conn.execute(
            "INSERT INTO chat (game_id, side, text, time) VALUES (?1, 'white', ?2, 1)",
            rusqlite::params![id, format!("m{i}")],
        )
        .unwrap();
    }
    drop(conn);
    let (status, v) = say(&s, id, &black, "the 501st");
    assert_eq!(status, 409, "{v}");
    assert!(error_of(&v).contains("at most 500 messages"), "{v}");
    assert_eq!(texts(&chat(&s, id, Some(&black))).len(), 500);
}

#[test]
fn spectators_read_the_chat_only_when_both_players_allow() {
    let (_dir, s) = server();
    let (id, black, white) = online_game(&s, json!({}));
    let path = format!("/api/games/{id}/ws");
    let mut black_ws = Ws::connect(s.addr, &format!("{path}?token={black}"));
    let mut white_ws = Ws::connect(s.addr, &format!("{path}?token={white}"));
    let mut watcher = Ws::connect(s.addr, &path);
    for ws in [&mut black_ws, &mut white_ws, &mut watcher] {
        assert_eq!(ws.recv()["type"], "game");
    }
    assert_eq!(say(&s, id, &black, "<b>private</b>").0, 200);
    for ws in [&mut black_ws, &mut white_ws] {
        let m = next_chat(ws).expect("the players' sockets get the message");
        assert_eq!(
            m,
            json!({"type": "chat", "side": "black", "text": "<b>private</b>", "time": m["time"]})
        );
    }
    assert!(texts(&chat(&s, id, None)).is_empty());
    assert!(texts(&chat(&s, id, Some("wrong"))).is_empty());
    let v = allow(&s, id, &black, true);
    assert_eq!(v["public"], json!({"black": true, "white": false}));
    assert!(
        texts(&chat(&s, id, None)).is_empty(),
        "one player is not enough"
    );
    assert_eq!(
        allow(&s, id, &white, true)["public"],
        json!({"black": true, "white": true})
    );
    let v = chat(&s, id, None);
    assert_eq!(texts(&v), ["<b>private</b>"]);
    assert_eq!(v["public"], json!({"black": true, "white": true}));
    let told = watcher
        .wait_for(Duration::from_secs(5), |m| {
            m["type"] == "chat-public" && m["public"]["white"] == true
        })
        .expect("spectators hear that the chat is public");
    assert_eq!(told["public"]["black"], true);
    assert_eq!(say(&s, id, &white, "now public").0, 200);
    let seen = next_chat(&mut watcher).expect("a public message reaches spectators");
    assert_eq!(seen["text"], "now public", "the private one never came");
    // Taken back: spectators read nothing again, and get no more messages.
    allow(&s, id, &white, false);
    assert!(texts(&chat(&s, id, None)).is_empty());
    assert_eq!(say(&s, id, &black, "private again").0, 200);
    assert_eq!(next_chat(&mut white_ws).unwrap()["text"], "now public");
    assert_eq!(next_chat(&mut white_ws).unwrap()["text"], "private again");
    assert!(next_chat(&mut watcher).is_none());
}

#[test]
fn two_servers_on_one_postgresql_share_the_chat() {
    let pg = Postgres::start();
    let url = pg.database();
    let on = || Server::start_on_postgres(&url, Limits::default());
    let (one, two) = (on(), on());
    let (id, black, white) = online_game(&one, json!({}));
    let path = format!("/api/games/{id}/ws");
    // Black and a spectator on server two; White posts on server one.
    let mut black_ws = Ws::connect(two.addr, &format!("{path}?token={black}"));
    let mut watcher = Ws::connect(two.addr, &path);
    for ws in [&mut black_ws, &mut watcher] {
        assert_eq!(ws.recv()["type"], "game");
    }
    assert_eq!(say(&one, id, &white, "hi from one <i>!</i>").0, 200);
    let m = next_chat(&mut black_ws).expect("the message reaches the other server's socket");
    assert_eq!(
        (m["side"].as_str(), m["text"].as_str()),
        (Some("white"), Some("hi from one <i>!</i>"))
    );
    assert_eq!(
        texts(&chat(&two, id, Some(&black))),
        ["hi from one <i>!</i>"]
    );
    assert!(texts(&chat(&two, id, None)).is_empty());
    // Consent given on both servers reaches the spectator on server two, then the messages do.
    allow(&one, id, &white, true);
    allow(&two, id, &black, true);
    watcher
        .wait_for(Duration::from_secs(5), |m| {
            m["type"] == "chat-public" && m["public"] == json!({"black": true, "white": true})
        })
        .expect("the consent is told on both servers");
    assert_eq!(say(&one, id, &white, "public now").0, 200);
    assert_eq!(next_chat(&mut watcher).unwrap()["text"], "public now");
    assert_eq!(
        texts(&chat(&two, id, None)),
        ["hi from one <i>!</i>", "public now"]
    );
    assert_eq!(
        pg.psql(
            &url,
            &format!("SELECT count(*) FROM chat WHERE game_id = {id}")
        ),
        "2"
    );
}
