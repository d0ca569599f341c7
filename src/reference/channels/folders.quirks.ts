// Quirks of channel folders (operations 11, 12): each a fault the suite must catch, off by default.
export const FOLDERS_QUIRKS = {
  'folder-member-ok': 'channel folders: non-administrators may create and update folders',
  'folder-empty-name-ok': 'channel folders: a blank name is accepted',
  'folder-no-name-limit': 'channel folders: name length not checked',
  'folder-no-description-limit': 'channel folders: description length not checked',
  'folder-limit-off-by-one': 'channel folders: a name or description of exactly the advertised limit is refused',
  'folder-archive-ignored': 'PATCH /channel_folders/{channel_folder_id}: is_archived accepted but not stored',
  'folder-archive-with-channels-ok': "PATCH /channel_folders/{channel_folder_id}: a folder holding channels is archived (the document's reading, not Zulip's)",
  'folder-update-spills': 'PATCH /channel_folders/{channel_folder_id}: a new description lands on every folder, not only the one named',
} as const;
