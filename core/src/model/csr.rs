//! Compressed rows: many short lists in two flat vectors.

/// Compressed rows: per index, a slice of items, read with one bounds pair
/// (the model's per-cell and per-group lists).
#[derive(Clone, Debug, Default)]
pub(super) struct Csr<T> {
    start: Vec<u32>,
    items: Vec<T>,
}

impl<T: Clone> Csr<T> {
    pub(super) fn from_lists(lists: Vec<Vec<T>>) -> Csr<T> {
        let mut start = Vec::with_capacity(lists.len() + 1);
        let mut items = Vec::with_capacity(lists.iter().map(Vec::len).sum());
        start.push(0);
        for list in lists {
            items.extend(list);
            start.push(items.len() as u32);
        }
        Csr { start, items }
    }

    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> &[T] {
        &self.items[self.start[i] as usize..self.start[i + 1] as usize]
    }
}
