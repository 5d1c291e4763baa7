//! Sign-up, login, logout, password change and account deletion: built with the store and what
//! the accounts share. Every login makes a new session token (never one the browser brought), a
//! wrong password and an unknown name get the same answer after the same work (a hash is always
//! checked), and failures are throttled per address and per account and address.

use std::net::IpAddr;

use super::error::AccountError;
use super::name::{lookup_key, UserName};
use super::password::Password;
use super::session::SessionToken;
use super::Accounts;
use crate::db::{Db, User};

/// A user name and password as given.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Credentials {
    /// The name.
    pub(crate) username: String,
    /// The password (its `Debug` is derived, but [`Credentials`] is never printed).
    pub(crate) password: String,
}

/// Account actions.
pub(crate) struct Registrar<'a> {
    db: &'a Db,
    accounts: &'a Accounts,
}

impl<'a> Registrar<'a> {
    /// Over the store and the accounts' shared parts.
    pub(crate) fn new(db: &'a Db, accounts: &'a Accounts) -> Registrar<'a> {
        Registrar { db, accounts }
    }

    /// Makes an account for a player at `address` and logs it in: the account and its new
    /// session.
    pub(crate) async fn sign_up(
        &self,
        given: Credentials,
        address: IpAddr,
    ) -> Result<(User, SessionToken), AccountError> {
        let name = UserName::parse(&given.username)?;
        let password = Password::parse(&given.password)?;
        self.accounts
            .throttle
            .sign_up(address)
            .map_err(AccountError::Throttled)?;
        if self.db.user_by_key(name.key()).await?.is_some() {
            return Err(AccountError::NameTaken);
        }
        let hash = self.accounts.hasher.hash(&password).await?;
        let id = self
            .db
            .create_user(name.as_str().to_string(), name.key(), hash.clone())
            .await?
            .ok_or(AccountError::NameTaken)?;
        let user = User {
            id,
            name: name.as_str().to_string(),
            hash,
            created: crate::db::now_ms(),
        };
        let token = self.open_session(user.id).await?;
        Ok((user, token))
    }

    /// Logs in from `address`: the account and a new session.
    pub(crate) async fn log_in(
        &self,
        given: Credentials,
        address: IpAddr,
    ) -> Result<(User, SessionToken), AccountError> {
        // Names that cannot exist are counted under one key, so they cannot grow the table.
        let key = lookup_key(&given.username).unwrap_or_default();
        let throttle = &self.accounts.throttle;
        throttle
            .check(address, &key)
            .map_err(AccountError::Throttled)?;
        let user = match key.is_empty() {
            true => None,
            false => self.db.user_by_key(key.clone()).await?,
        };
        let password = Password::given(&given.password);
        let matches = self
            .accounts
            .hasher
            .verify(&password, user.as_ref().map(|u| u.hash.as_str()))
            .await?;
        match user.filter(|_| matches) {
            Some(user) => {
                throttle.succeeded(address, &key);
                let token = self.open_session(user.id).await?;
                Ok((user, token))
            }
            None => {
                throttle.failed(address, &key);
                Err(AccountError::WrongCredentials)
            }
        }
    }

    async fn open_session(&self, user: i64) -> Result<SessionToken, AccountError> {
        let token = SessionToken::new();
        self.db.create_session(token.key(), user).await?;
        Ok(token)
    }

    /// The account of a session token, if it is a live session.
    pub(crate) async fn user_of(&self, token: &SessionToken) -> Result<Option<User>, AccountError> {
        Ok(self.db.session_user(token.key()).await?)
    }

    /// The account of a session token; [`AccountError::NotLoggedIn`] without one.
    pub(crate) async fn require(&self, token: Option<&SessionToken>) -> Result<User, AccountError> {
        match token {
            Some(t) => self.user_of(t).await?.ok_or(AccountError::NotLoggedIn),
            None => Err(AccountError::NotLoggedIn),
        }
    }

    /// Ends one session.
    pub(crate) async fn log_out(&self, token: &SessionToken) -> Result<(), AccountError> {
        Ok(self.db.end_session(token.key()).await?)
    }

    /// Ends every session of the token's account.
    pub(crate) async fn log_out_everywhere(
        &self,
        token: Option<&SessionToken>,
    ) -> Result<(), AccountError> {
        let user = self.require(token).await?;
        Ok(self.db.end_all_sessions(user.id).await?)
    }

    /// Checks `password` for the session's account.
    async fn confirm(
        &self,
        token: Option<&SessionToken>,
        password: &str,
    ) -> Result<User, AccountError> {
        let user = self.require(token).await?;
        let given = Password::given(password);
        if !self
            .accounts
            .hasher
            .verify(&given, Some(&user.hash))
            .await?
        {
            return Err(AccountError::WrongCredentials);
        }
        Ok(user)
    }

    /// Changes the password (the current one given); every other session ends.
    pub(crate) async fn change_password(
        &self,
        token: Option<&SessionToken>,
        password: &str,
        new_password: &str,
    ) -> Result<(), AccountError> {
        let new = Password::parse(new_password)?;
        let user = self.confirm(token, password).await?;
        let hash = self.accounts.hasher.hash(&new).await?;
        let keep = token.map(SessionToken::key).unwrap_or_default();
        Ok(self.db.set_password(user.id, hash, keep).await?)
    }

    /// Deletes the account (the password given): its sessions end on every server. The games
    /// whose seats' names became `deleted`.
    pub(crate) async fn delete(
        &self,
        token: Option<&SessionToken>,
        password: &str,
    ) -> Result<Vec<i64>, AccountError> {
        let user = self.confirm(token, password).await?;
        Ok(self.db.delete_user(user.id).await?)
    }
}
