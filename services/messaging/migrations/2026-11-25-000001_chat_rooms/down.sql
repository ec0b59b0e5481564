DROP TABLE messages, chat_rooms;
