//! The tests of `store`.

use super::*;

fn opened(dir: &Path) -> Store {
    let run = RunId { content: "c".repeat(64), bytes: "b".repeat(64) };
    Store::open(&dir.join(NIGHT_DB), &run, OpenOptions::default()).unwrap().0
}

/// Several events appended as one change are stored together, in order, with consecutive
/// places in the log; a store that refuses changes stores none of them.
#[test]
fn events_appended_together_are_stored_together_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = opened(dir.path());
    let won = |prize: &str| Event::PrizeClosed { prize: prize.into(), serial: Some("000001-1-1".into()) };
    let stored = store.append_all(1, &[won("Early five"), won("Top line")]).unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1].seq, stored[0].seq + 1);
    let events: Vec<Event> = store.events().unwrap().into_iter().map(|s| s.event).collect();
    assert_eq!(events, [won("Early five"), won("Top line")]);
    // The negative control: a store whose file was replaced refuses the change whole.
    std::fs::rename(dir.path().join(NIGHT_DB), dir.path().join("moved.sqlite")).unwrap();
    std::fs::copy(dir.path().join("moved.sqlite"), dir.path().join(NIGHT_DB)).unwrap();
    assert!(store.append_all(1, &[won("Bottom line"), won("Full house")]).is_err());
    let kept = Store::open_read_only(&dir.path().join(NIGHT_DB), None).unwrap();
    assert_eq!(kept.events().unwrap().len(), 2, "nothing of a refused change is stored");
}
