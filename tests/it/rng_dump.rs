//! `housie rng-dump`: the raw streams, their bad sizes and seeds refused, and a small smoke run
//! of dieharder on both streams (the full batteries are in docs/randomness.md).

use std::process::{Command, Stdio};

use crate::util::{tool, Dir};

#[test]
fn the_streams_are_what_the_protocols_say_and_bad_input_is_refused() {
    let d = Dir::new();
    let books = d.run(&["rng-dump", "--stream", "books", "--bytes", "1K", "--seed", "lab"]).success();
    assert_eq!(books.output.stdout.len(), 1024);
    // The first 256 bytes are book 1's ChaCha20 stream.
    let mut first = [0u8; 256];
    rand::RngCore::fill_bytes(&mut housie_core::Seed::from_text("lab").rng_for(1, 0), &mut first);
    assert_eq!(&books.output.stdout[..256], first.as_slice());
    let seed = "ab".repeat(32);
    let draw = d.run(&["rng-dump", "--stream", "draw", "--bytes", "40", "--seed", &seed]).success();
    let mut words = housie_night::night::draw::Words::new(seed.as_bytes());
    let block = words.next_block();
    assert_eq!(&draw.output.stdout[..32], block.as_slice());
    for bad in ["0", "-5", "1T", "lots", "99999999999999999999G"] {
        let r = d.run(&["rng-dump", "--stream", "books", &format!("--bytes={bad}")]).expect_code(2);
        assert!(r.stderr().contains("is not a positive number of bytes"), "{bad}: {}", r.stderr());
    }
    let r = d.run(&["rng-dump", "--stream", "draw", "--bytes", "1K", "--seed", "abc"]).expect_code(2);
    assert!(r.stderr().starts_with("housie: `abc` is not a draw seed"), "{}", r.stderr());
}

#[test]
#[cfg_attr(housie_missing_dieharder, ignore = "needs dieharder (apt-get install dieharder)")]
fn both_streams_pass_a_dieharder_smoke_run() {
    let Some(dieharder) = tool("dieharder") else { return };
    let seed = housie_core::support::digest::sha256_hex("smoke");
    for (stream, seed) in [("books", "smoke"), ("draw", seed.as_str())] {
        for test in ["0", "2", "10"] {
            let mut dump = Command::new(assert_cmd::cargo::cargo_bin("housie"))
                .args(["rng-dump", "--stream", stream, "--bytes", "4G", "--seed", seed])
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let out = Command::new(&dieharder)
                .args(["-g", "200", "-d", test, "-p", "20"])
                .stdin(dump.stdout.take().unwrap())
                .output()
                .unwrap();
            let _ = dump.kill();
            let _ = dump.wait();
            let text = String::from_utf8_lossy(&out.stdout);
            let result = text.lines().last().unwrap_or("");
            eprintln!("dieharder -d {test} on the {stream} stream: {result}");
            assert!(result.contains("PASSED") || result.contains("WEAK"), "{stream}, test {test}: {text}");
        }
    }
}
