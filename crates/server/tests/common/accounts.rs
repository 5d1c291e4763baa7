//! Test helpers for accounts: a client that keeps the session cookie and may speak for another
//! address (the server trusts 127.0.0.1 as a proxy in these tests, so `X-Forwarded-For` names the
//! client), and Glicko-2 written out again from Glickman's paper, independently of the server's.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use serde_json::Value;

/// A browser: the server's address, the session cookie it holds, and the address it comes from.
pub struct Client {
    pub addr: SocketAddr,
    pub cookie: Option<String>,
    pub from: Option<String>,
}

/// An answer: status, `Set-Cookie` values, body.
pub struct Answer {
    pub status: u16,
    pub cookies: Vec<String>,
    pub text: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or(Value::Null)
    }
}

impl Client {
    pub fn new(addr: SocketAddr) -> Client {
        Client {
            addr,
            cookie: None,
            from: None,
        }
    }

    /// The same session, speaking to another server.
    pub fn on(&self, addr: SocketAddr) -> Client {
        Client {
            addr,
            cookie: self.cookie.clone(),
            from: self.from.clone(),
        }
    }

    /// A request; a `Set-Cookie` of the session replaces the held cookie.
    pub fn send(&mut self, method: &str, path: &str, body: Option<&Value>) -> Answer {
        let answer = self.raw(method, path, body.map(|b| b.to_string()).as_deref());
        for c in &answer.cookies {
            let pair = c.split(';').next().unwrap_or("");
            if let Some(value) = pair.strip_prefix("hasami_session=") {
                self.cookie = (!value.is_empty()).then(|| value.to_string());
            }
        }
        answer
    }

    pub fn get(&mut self, path: &str) -> Answer {
        self.send("GET", path, None)
    }

    pub fn post(&mut self, path: &str, body: Value) -> Answer {
        self.send("POST", path, Some(&body))
    }

    /// A request without touching the held cookie.
    pub fn raw(&self, method: &str, path: &str, body: Option<&str>) -> Answer {
        let mut s = TcpStream::connect(self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let body = body.unwrap_or("");
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
            self.addr,
            body.len()
        );
        if let Some(c) = &self.cookie {
            head.push_str(&format!("Cookie: theme=dark; hasami_session={c}\r\n"));
        }
        if let Some(f) = &self.from {
            head.push_str(&format!("X-Forwarded-For: {f}\r\n"));
        }
        s.write_all(format!("{head}\r\n{body}").as_bytes()).unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let text = String::from_utf8_lossy(&raw).to_string();
        let (head, rest) = text.split_once("\r\n\r\n").expect("a response head");
        let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
        let cookies = head
            .lines()
            .filter_map(|l| {
                let (name, value) = l.split_once(':')?;
                name.eq_ignore_ascii_case("set-cookie")
                    .then(|| value.trim().to_string())
            })
            .collect();
        let chunked = head
            .lines()
            .any(|l| l.eq_ignore_ascii_case("transfer-encoding: chunked"));
        let text = if chunked {
            super::dechunk_pub(rest)
        } else {
            rest.to_string()
        };
        Answer {
            status,
            cookies,
            text,
        }
    }

    /// Signs up `name` with `password`, expecting 201.
    #[track_caller]
    pub fn sign_up(&mut self, name: &str, password: &str) -> Value {
        let a = self.post(
            "/api/account/signup",
            serde_json::json!({"username": name, "password": password}),
        );
        assert_eq!(a.status, 201, "{}", a.text);
        a.json()
    }
}

/// A rating in Glickman's terms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Glicko {
    pub r: f64,
    pub rd: f64,
    pub sigma: f64,
}

pub const NEW: Glicko = Glicko {
    r: 1500.0,
    rd: 350.0,
    sigma: 0.06,
};

/// One rating period of Glicko-2 ("Example of the Glicko-2 system", Glickman 2013), steps 1–8.
pub fn glicko2(player: Glicko, games: &[(Glicko, f64)], tau: f64) -> Glicko {
    const SCALE: f64 = 173.7178;
    let mu = (player.r - 1500.0) / SCALE;
    let phi = player.rd / SCALE;
    let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
    let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
    if games.is_empty() {
        let phi_star = (phi * phi + player.sigma * player.sigma).sqrt();
        return Glicko {
            rd: (phi_star * SCALE).min(350.0),
            ..player
        };
    }
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for (o, s) in games {
        let (mu_j, phi_j) = ((o.r - 1500.0) / SCALE, o.rd / SCALE);
        let ej = e(mu_j, phi_j);
        v_inv += g(phi_j).powi(2) * ej * (1.0 - ej);
        sum += g(phi_j) * (s - ej);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    let a = (player.sigma * player.sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > 0.000001 {
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let sigma = (big_a / 2.0).exp();
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Glicko {
        r: SCALE * mu_new + 1500.0,
        rd: SCALE * phi_new,
        sigma,
    }
}
