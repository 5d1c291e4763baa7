//! Two servers on one PostgreSQL store (tests/common/postgres.rs starts a throw-away one): a player
//! or spectator may be connected to either, every socket sees every move, two moves for the same ply
//! sent to both servers at once store exactly one, a move stored while the other server's
//! listening connection was broken reaches it, a takeback asked on one is accepted on the other, a
//! lobby game is joined once when joiners come to both, and a paired game whose first move is late
//! is aborted whichever server took the join.

mod common;

use std::time::{Duration, Instant};

use common::postgres::Postgres;
use common::{create, moves, online_game, shuffle, Server, Ws};
use hasami_server::Limits;
use serde_json::{json, Value};

/// Two servers on the database at `url`, with `limits`.
fn two_with(url: &str, limits: &Limits) -> (Server, Server) {
    let on = || Server::start_on_postgres(url, limits.clone());
    (on(), on())
}

fn server_on(url: &str) -> Server {
    Server::start_on_postgres(url, Limits::default())
}

/// Breaks both servers' listening connections (each makes a new one after a second): what is
/// stored meanwhile is told to nobody.
fn break_listening(pg: &Postgres, url: &str) {
    let broken = pg.psql(
        url,
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE query LIKE 'LISTEN %'",
    );
    assert_eq!(broken.trim(), "2", "two listening connections: {broken}");
}

/// The next game message on `ws` with `plies` moves (earlier ones are skipped).
fn game_with(ws: &mut Ws, plies: usize) -> Value {
    loop {
        let m = ws.recv();
        if m["type"] == "game" && moves(&m["game"]).len() == plies {
            return m["game"].clone();
        }
    }
}

#[test]
fn players_and_spectators_on_two_servers_see_every_move() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    let (id, black, white) = online_game(&one, json!({}));
    let path = format!("/api/games/{id}");
    // Black plays through server one, White through server two, a spectator on each.
    let mut sockets = vec![
        Ws::connect(one.addr, &format!("{path}/ws?token={black}")),
        Ws::connect(two.addr, &format!("{path}/ws?token={white}")),
        Ws::connect(one.addr, &format!("{path}/ws")),
        Ws::connect(two.addr, &format!("{path}/ws")),
    ];
    let mut game = Value::Null;
    for ws in &mut sockets {
        game = game_with(ws, 0);
    }
    let mut waits = Vec::new();
    for ply in 1..=12 {
        let mv = game["legal_moves"][0].as_str().unwrap().to_string();
        let (server, token) = if ply % 2 == 1 {
            (&one, &black)
        } else {
            (&two, &white)
        };
        let sent = Instant::now();
        game = server.post_ok(
            &format!("{path}/moves"),
            &json!({"move": mv, "token": token}),
        );
        for ws in &mut sockets {
            let seen = game_with(ws, ply);
            assert_eq!(seen["position"], game["position"], "ply {ply}");
        }
        waits.push(sent.elapsed());
    }
    // The HTTP view of both servers agrees, and so does the store.
    let (_, a) = one.get(&path);
    let (_, b) = two.get(&path);
    assert_eq!(a["position"], b["position"]);
    assert_eq!(moves(&a).len(), 12);
    assert_eq!(
        pg.psql(
            &url,
            &format!("SELECT count(*) FROM moves WHERE game_id = {id}")
        ),
        "12"
    );
    waits.sort();
    eprintln!(
        "a move reached all four sockets on both servers in: median {:?}, slowest {:?}",
        waits[waits.len() / 2],
        waits[waits.len() - 1]
    );
}

#[test]
fn two_moves_for_one_ply_on_two_servers_store_exactly_one() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    for round in 0..6 {
        let c = create(
            &one,
            json!({"variant": "hasami", "opponent": "online", "side": "black"}),
        );
        let id = c["id"].as_i64().unwrap();
        let black = c["token"].as_str().unwrap().to_string();
        let path = format!("/api/games/{id}");
        // Both servers have the game in memory before the race.
        assert_eq!(two.get(&path).0, 200);
        let legal = c["game"]["legal_moves"].as_array().unwrap().clone();
        let (first, second) = (legal[0].clone(), legal[legal.len() - 1].clone());
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
        let race = |server: &Server, mv: Value| {
            let (addr, path, black) = (server.addr, path.clone(), black.clone());
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let body = json!({"move": mv, "token": black}).to_string();
                barrier.wait();
                common::http(addr, "POST", &format!("{path}/moves"), Some(&body)).0
            })
        };
        let (a, b) = (race(&one, first), race(&two, second));
        let mut statuses = vec![a.join().unwrap(), b.join().unwrap()];
        statuses.sort();
        // The loser is refused by the store (409, the ply is taken) or, when its server has
        // already heard of the winner's move, as out of turn (403).
        assert_eq!(statuses[0], 200, "round {round}: {statuses:?}");
        assert!(
            [403, 409].contains(&statuses[1]),
            "round {round}: {statuses:?}"
        );
        assert_eq!(
            pg.psql(
                &url,
                &format!("SELECT count(*) FROM moves WHERE game_id = {id}")
            ),
            "1"
        );
        // Both servers show the stored move (the loser reloaded, the winner told the other).
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let (_, a) = one.get(&path);
            let (_, b) = two.get(&path);
            if moves(&a).len() == 1 && a["position"] == b["position"] {
                break;
            }
            assert!(Instant::now() < deadline, "the servers disagree: {a} / {b}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn a_game_ended_at_the_ply_limit_on_one_server_is_over_on_the_other() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    let (status, g) = one.post("/api/games/import", &json!({ "record": shuffle(1_999) }));
    assert_eq!(status, 201, "{}", g["error"]);
    let id = g["id"].as_i64().unwrap();
    let token = g["token"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}");
    // Server two holds the game (a spectator's socket) when server one stores the last ply.
    let mut ws = Ws::connect(two.addr, &format!("{path}/ws"));
    game_with(&mut ws, 1_999);
    one.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "a8a9", "token": token}),
    );
    let seen = game_with(&mut ws, 2_000);
    assert_eq!(
        (seen["status"].as_str(), seen["result"].as_str()),
        (Some("over"), Some("1/2-1/2"))
    );
    let (_, v) = two.get(&path);
    assert_eq!(
        (v["status"].as_str(), v["legal_moves"].clone()),
        (Some("over"), json!([]))
    );
}

#[test]
fn a_move_made_while_the_other_server_was_not_listening_reaches_it() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    let (id, black, white) = online_game(&one, json!({}));
    let path = format!("/api/games/{id}");
    let mut white_ws = Ws::connect(two.addr, &format!("{path}/ws?token={white}"));
    game_with(&mut white_ws, 0);
    // Both servers' listening connections break; each makes a new one after a second. The move
    // is stored in between, so its notification reaches nobody.
    break_listening(&pg, &url);
    one.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "e1e5", "token": black}),
    );
    let seen = white_ws.wait_for(Duration::from_secs(10), |m| {
        m["type"] == "game" && moves(&m["game"]).len() == 1
    });
    assert!(seen.is_some(), "server two never showed the move");
    let (_, v) = two.get(&path);
    assert_eq!(moves(&v).len(), 1, "{v}");
}

#[test]
fn a_takeback_asked_on_one_server_is_accepted_on_the_other() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    let (id, black, white) = online_game(&one, json!({}));
    let path = format!("/api/games/{id}");
    // Black on server one, White on server two.
    let mut black_ws = Ws::connect(one.addr, &format!("{path}/ws?token={black}"));
    let mut white_ws = Ws::connect(two.addr, &format!("{path}/ws?token={white}"));
    game_with(&mut black_ws, 0);
    game_with(&mut white_ws, 0);
    one.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "e1e5", "token": black}),
    );
    one.post_ok(
        &format!("{path}/takeback"),
        &json!({"action": "offer", "token": black}),
    );
    let within = Duration::from_secs(10);
    let asked = white_ws.wait_for(within, |m| m["game"]["takeback_offer"] == "black");
    assert!(asked.is_some(), "server two never showed the request");
    // Black's socket passes the request too, so that a view of ply 0 without a request it sent
    // before the move (White connecting) is not taken below for the takeback.
    let own = black_ws.wait_for(within, |m| m["game"]["takeback_offer"] == "black");
    assert!(own.is_some(), "server one never showed its own request");
    let v = two.post_ok(
        &format!("{path}/takeback"),
        &json!({"action": "accept", "token": white}),
    );
    assert_eq!(v["ply"], 0);
    let taken = black_ws.wait_for(within, |m| {
        m["game"]["ply"] == 0 && m["game"]["takeback_offer"].is_null()
    });
    assert!(taken.is_some(), "server one never showed the takeback");
    // Black plays again through server one: its copy is at ply 0.
    let v = one.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "a1a4", "token": black}),
    );
    assert_eq!(moves(&v), ["a1a4"]);
}

#[test]
fn a_lobby_game_created_on_one_server_is_joined_once_across_both() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    for round in 0..4 {
        let c = create(
            &one,
            json!({"variant": "hasami", "opponent": "online", "side": "black", "open": true}),
        );
        let id = c["id"].as_i64().unwrap();
        let black = c["token"].as_str().unwrap().to_string();
        let mut creator = Ws::connect(one.addr, &format!("/api/games/{id}/ws?token={black}"));
        game_with(&mut creator, 0);
        let listed = two.get("/api/lobby").1;
        assert!(
            listed["games"]
                .as_array()
                .unwrap()
                .iter()
                .any(|g| g["id"] == id),
            "server two does not list the game: {listed}"
        );
        // Two joiners at once, one on each server: one seat.
        let joins: Vec<_> = [one.addr, two.addr]
            .into_iter()
            .enumerate()
            .map(|(i, addr)| {
                std::thread::spawn(move || {
                    let body = json!({ "name": format!("J{round}{i}") }).to_string();
                    common::http(addr, "POST", &format!("/api/games/{id}/join"), Some(&body))
                })
            })
            .collect();
        let answers: Vec<(u16, String)> = joins.into_iter().map(|t| t.join().unwrap()).collect();
        let mut codes: Vec<u16> = answers.iter().map(|a| a.0).collect();
        codes.sort_unstable();
        assert_eq!(codes, vec![200, 409], "{answers:?}");
        let winner: Value = answers
            .iter()
            .find(|a| a.0 == 200)
            .map(|a| serde_json::from_str(&a.1).unwrap())
            .unwrap();
        let white = winner["token"].as_str().unwrap().to_string();
        // The creator, on server one, hears the joiner's name; the joiner's key works on both.
        let heard = creator.wait_for(Duration::from_secs(10), |m| {
            m["game"]["open_seat"].is_null()
                && m["game"]["players"]["white"]
                    .as_str()
                    .is_some_and(|n| n.starts_with(&format!("J{round}")))
        });
        assert!(heard.is_some(), "the creator never heard of the joiner");
        for s in [&one, &two] {
            let (_, v) = s.get(&format!("/api/games/{id}?token={white}"));
            assert_eq!(v["you"], "white");
        }
        // Ended, the game no longer counts against its joiner's seats.
        one.post_ok(
            &format!("/api/games/{id}/abort"),
            &json!({ "token": black }),
        );
    }
}

#[test]
fn a_paired_game_joined_on_the_other_server_is_aborted_when_the_first_move_is_late() {
    let pg = Postgres::start();
    let url = pg.database();
    let limits = Limits {
        first_move: Duration::from_millis(800),
        ..Limits::default()
    };
    let (one, two) = two_with(&url, &limits);
    let c = create(
        &one,
        json!({"variant": "hasami", "opponent": "online", "side": "black", "open": true,
               "clock": {"initial": 60, "increment": 0}}),
    );
    let id = c["id"].as_i64().unwrap();
    let (status, j) = two.post(&format!("/api/games/{id}/join"), &json!({}));
    assert_eq!(status, 200, "{j}");
    // Black, to move, never does: whichever server owns the game aborts it, and both say so.
    for s in [&one, &two] {
        let v = s.wait_for(&format!("/api/games/{id}"), |v| v["status"] == "over");
        assert_eq!(v["result"], "*");
        assert_eq!(v["reason"], "Game aborted: Black did not make a first move");
    }
}

/// The next game message on `ws` in which `side`'s player is connected (`here`) or not; `None`
/// when none comes within 10 s.
fn presence_on(ws: &mut Ws, side: &str, here: bool) -> Option<Value> {
    ws.wait_for(Duration::from_secs(10), |m| {
        m["type"] == "game" && m["game"]["connected"][side] == here
    })
}

#[test]
fn a_player_connected_to_one_server_is_here_on_the_other() {
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    let (id, black, white) = online_game(&one, json!({}));
    let path = format!("/api/games/{id}");
    // Black's page is open on server one before server two has the game in memory.
    let mut b = Ws::connect(one.addr, &format!("{path}/ws?token={black}"));
    game_with(&mut b, 0);
    let v = two.wait_for(&path, |v| v["connected"]["black"] == true);
    assert_eq!(v["connected"]["white"], false);
    // White opens the game on server two: Black's page on server one hears it, and White's hears
    // that Black is here.
    let mut w = Ws::connect(two.addr, &format!("{path}/ws?token={white}"));
    assert!(
        presence_on(&mut b, "white", true).is_some(),
        "server one never saw White arrive"
    );
    assert!(presence_on(&mut w, "black", true).is_some());
    // Black closes the page: White hears at once that Black has gone, on the other server.
    drop(b);
    assert!(
        presence_on(&mut w, "black", false).is_some(),
        "server two still shows Black here"
    );
    let (_, v) = two.get(&path);
    assert_eq!(v["connected"]["black"], false);
}

#[test]
fn presence_from_a_server_that_stopped_is_forgotten() {
    let pg = Postgres::start();
    let url = pg.database();
    let one = server_on(&url);
    let (id, _black, white) = online_game(&one, json!({}));
    let path = format!("/api/games/{id}");
    // A server (id 12345) that held Black's page and stopped refreshing long ago; another (id
    // 777) that holds White's page now.
    pg.psql(
        &url,
        &format!(
            "INSERT INTO presence (game_id, side, server, seen) VALUES ({id}, 'black', 12345, 0);
             INSERT INTO presence (game_id, side, server, seen)
                 VALUES ({id}, 'white', 777, (extract(epoch from clock_timestamp()) * 1000)::bigint)"
        ),
    );
    let two = server_on(&url);
    let (_, v) = two.get(&path);
    assert_eq!(v["connected"]["black"], false, "a stale row counted: {v}");
    assert_eq!(
        v["connected"]["white"], true,
        "a live row did not count: {v}"
    );
    // Server 777 closes White's page: it deletes its row and tells the others.
    let mut watcher = Ws::connect(two.addr, &format!("{path}/ws?token={white}"));
    drop(watcher.recv());
    pg.psql(
        &url,
        &format!(
            "DELETE FROM presence WHERE server = 777; SELECT pg_notify('hasami_games', '777 {id} here')"
        ),
    );
    // White's own socket on server two keeps White here.
    let (_, v) = two.get(&path);
    assert_eq!(v["connected"]["white"], true);
    drop(watcher);
    let v = two.wait_for(&path, |v| v["connected"]["white"] == false);
    assert_eq!(v["connected"]["black"], false);
}

#[test]
fn a_lobby_game_stays_listed_while_its_creator_is_on_the_other_server() {
    let pg = Postgres::start();
    let url = pg.database();
    let limits = Limits {
        lobby_grace: Duration::from_millis(500),
        ..Limits::default()
    };
    let (one, two) = two_with(&url, &limits);
    let c = create(
        &one,
        json!({"variant": "hasami", "opponent": "online", "side": "black", "open": true}),
    );
    let id = c["id"].as_i64().unwrap();
    let ws = format!("/api/games/{id}/ws?token={}", c["token"].as_str().unwrap());
    let listed = |s: &Server| common::listed_ids(s, "/api/lobby").contains(&id);
    // The creator's page is open on both servers (a balancer sent two tabs to different servers).
    let mut first = Ws::connect(one.addr, &ws);
    first.recv();
    let mut second = Ws::connect(two.addr, &ws);
    second.recv();
    let rows = format!("SELECT count(DISTINCT server) FROM presence WHERE game_id = {id}");
    let end = Instant::now() + Duration::from_secs(10);
    while pg.psql(&url, &rows) != "2" {
        assert!(
            Instant::now() < end,
            "the two servers never stored their presence"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // The tab on server one closes: the creator is still on server two, so the game stays.
    drop(first);
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        listed(&one) && listed(&two),
        "the game left the lobby with its creator still here"
    );
    // The last tab closes: after the grace the game leaves the lobby.
    drop(second);
    let end = Instant::now() + Duration::from_secs(10);
    while listed(&one) || listed(&two) {
        assert!(
            Instant::now() < end,
            "the game stayed listed after its creator left"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn shogun_players_arranging_on_two_servers_start_one_game() {
    // S2 `setup=choose`: White arranges through one server, Red through the other at the same
    // time; the store keeps one start with both arrangements, which both servers then show.
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    for round in 0..5 {
        let (id, white, red) = online_game(&one, json!({"variant": "shogun+setup=choose"}));
        let path = format!("/api/games/{id}");
        // Server two loads the game before the arrangements.
        assert_eq!(two.get(&path).1["arranging"]["black"], false);
        std::thread::scope(|s| {
            s.spawn(|| {
                one.post_ok(
                    &format!("{path}/arrange"),
                    &json!({"arrangement": "7654321", "token": white}),
                )
            });
            s.spawn(|| {
                two.post_ok(
                    &format!("{path}/arrange"),
                    &json!({"arrangement": "2143657", "token": red}),
                )
            });
        });
        let started = |g: &Value| g.get("arranging").is_none() && g["start"] == g["position"];
        let a = one.wait_for(&path, started);
        let b = two.wait_for(&path, started);
        assert_eq!(a["start"], b["start"], "round {round}");
        let start = a["start"].as_str().unwrap();
        let rank8 = start.split('/').next().unwrap();
        assert!(
            rank8.starts_with("p7:"),
            "Red's a8 holds its piece 7: {start}"
        );
        assert!(
            rank8[rank8.rfind('p').unwrap()..].starts_with("p2:"),
            "Red's h8 holds its piece 2: {start}"
        );
        assert!(
            start.contains("/P7:"),
            "White's a1 holds its piece 7: {start}"
        );
        assert!(!a["legal_moves"].as_array().unwrap().is_empty());
    }
}

#[test]
fn a_move_on_a_server_behind_the_store_is_a_conflict_not_an_illegal_move() {
    // Issue 49.14: a hot-seat game played alternately through two servers; a server that has not
    // yet heard of the last move answers 409 (look again), never 400, and the game goes on.
    let pg = Postgres::start();
    let url = pg.database();
    let (one, two) = (server_on(&url), server_on(&url));
    let c = create(
        &one,
        json!({"variant": "hasami+repetition=0+quiet=0", "opponent": "local"}),
    );
    let id = c["id"].as_i64().unwrap();
    let token = c["token"].as_str().unwrap().to_string();
    let path = format!("/api/games/{id}");
    assert_eq!(two.get(&path).1["ply"], 0);
    // Server two cannot hear of the first move (its listening connection is broken), so its copy
    // is behind when White's move reaches it.
    break_listening(&pg, &url);
    one.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "e1e5", "token": token}),
    );
    let (status, v) = two.post(
        &format!("{path}/moves"),
        &json!({"move": "e9e6", "token": token}),
    );
    assert_eq!(status, 409, "{v}");
    let mut game = two.post_ok(
        &format!("{path}/moves"),
        &json!({"move": "e9e6", "token": token}),
    );
    let mut conflicts = 0;
    for ply in 2..60 {
        let server = if ply % 2 == 0 { &one } else { &two };
        let legal = game["legal_moves"].as_array().unwrap();
        let mv = legal[(ply * 7) % legal.len()].as_str().unwrap().to_string();
        loop {
            let (status, v) = server.post(
                &format!("{path}/moves"),
                &json!({"move": mv, "token": token}),
            );
            match status {
                200 => {
                    game = v;
                    break;
                }
                409 => {
                    conflicts += 1;
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => panic!("ply {ply}: {status} {v}"),
            }
        }
    }
    assert_eq!(game["ply"], 60, "conflicts on the way: {conflicts}");
}
